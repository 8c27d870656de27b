import { readTextReply, textWords, writtenInSpanish } from "./text-replies.ts";

describe("readTextReply", () => {
  it.each([
    // The FCC's words per se (47 CFR 64.1200(a)(10)), alone and as Twilio's keywords.
    "STOP",
    "quit",
    "End",
    "revoke",
    "OPT OUT",
    "opt-out",
    "optout",
    "cancel",
    "Unsubscribe",
    "STOPALL",
    // With punctuation, words, emoji and letter widths around them.
    "stop please",
    "Stop.",
    "Stop!",
    "STOP ALL",
    "STOP 🛑",
    "🛑",
    "ＳＴＯＰ",
    "S\u200bTOP",
    "unsubscribe me",
    "please stop texting me",
    "Cancel everything",
    "I'll stop by tomorrow",
    // Wording a reasonable person reads as a revocation.
    "remove me",
    "Remove",
    "Take me off your list",
    "don't text me",
    "Don\u2019t text me again",
    "do not contact me",
    "no more texts",
    "leave me alone",
    "Not interested",
    "no thanks",
    "wrong number",
    "I never signed up for this",
    // Spanish.
    "PARAR",
    "ALTO",
    "Alto por favor",
    "CANCELAR",
    "BAJA",
    "darme de baja",
    "no más",
    "No mas",
    "NO MÁS!!",
    "Para",
    "no me escribas",
    "No me interesa",
  ])("%j is a revocation", (body) => {
    expect(readTextReply(body)).toBe("revocation");
  });

  it.each(["HELP", "help!", "Info", "help please", "AYUDA", "ａｙｕｄａ"])(
    "%j asks for help",
    (body) => {
      expect(readTextReply(body)).toBe("help");
    },
  );

  it.each(["START", "yes", "Unstop", "Yes!", " start "])("%j is an opt-in", (body) => {
    expect(readTextReply(body)).toBe("start");
  });

  it.each([
    // An opt-in must be the whole message: these are not.
    ["yes please stop", "revocation"],
    ["start please", "other"],
    ["Yes I still want to sell", "other"],
  ])("%j is not an opt-in (%s)", (body, kind) => {
    expect(readTextReply(body)).toBe(kind);
  });

  it.each([
    "who is this?",
    "Who are you",
    "?",
    "??",
    "👎",
    "No",
    "Is this spam?",
    "How did you get my number",
    "la oferta es muy baja",
    "¿Quién es?",
  ])("%j is unclear: recorded, and the team decides", (body) => {
    expect(readTextReply(body)).toBe("unclear");
  });

  it.each([
    "Is the offer still good?",
    "Call me after 5",
    "",
    "la casa es para mi hija",
    // iMessage's reaction to our own text, which says "Reply STOP to opt out".
    "Liked \u201cQuick Home Buyers: we received your request. Reply STOP to opt out.\u201d",
    'Loved "Quick Home Buyers: Reply STOP to opt out."',
  ])("%j asks for none of these", (body) => {
    expect(readTextReply(body)).toBe("other");
  });
});

describe("textWords", () => {
  it("folds width, case, accents, apostrophes and invisible characters; splits on the rest", () => {
    expect(textWords("ＳＴＯＰ 🛑 Don\u2019t-text me, NO MÁS\u200b!")).toEqual([
      "stop",
      "dont",
      "text",
      "me",
      "no",
      "mas",
    ]);
  });
});

describe("writtenInSpanish", () => {
  it.each([
    "PARAR",
    "Cancelar",
    "AYUDA",
    "baja",
    "no más",
    "stop por favor",
    "Alto!",
    "deje de... dejen de escribir",
  ])("reads %j as Spanish", (body) => {
    expect(writtenInSpanish(body)).toBe(true);
  });

  it.each(["STOP", "HELP", "please stop", "no", "who is this", "cancel"])(
    "reads %j as not Spanish",
    (body) => {
      expect(writtenInSpanish(body)).toBe(false);
    },
  );
});
