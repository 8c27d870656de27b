import type { OgCard as OgCardContent } from "@/lib/build/pages";
import { site } from "@/config/site";

export type OgCardProps = OgCardContent & {
  /** The brand mark as a data URI. */
  mark: string;
};

const BLUE = "#1d4ed8";
const NAVY = "#1e3a8a";
const AMBER = "#fbbf24";

const PROMISES = [
  `Written offer in ${site.commitments.offerWithinHours} hours`,
  `Close in as little as ${site.commitments.closeInDays} days`,
  `${site.commitments.fees} fees or commissions`,
];

function headlineSize(headline: string): number {
  if (headline.length <= 32) return 72;
  if (headline.length <= 50) return 68;
  return 60;
}

/**
 * A page's 1200x630 share image, for next/og: inline styles and flexbox only,
 * since Satori supports neither classes nor grid.
 */
export function OgCard({ eyebrow, headline, footnote, mark }: OgCardProps) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "60px 72px",
        backgroundImage: `linear-gradient(135deg, ${BLUE} 0%, ${NAVY} 100%)`,
        color: "#ffffff",
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", alignItems: "center" }}>
        <img src={mark} alt="" width={68} height={68} />
        <div style={{ marginLeft: 20, fontSize: 34, fontWeight: 800 }}>{site.name}</div>
      </div>

      <div style={{ display: "flex", flexDirection: "column" }}>
        <div
          style={{
            display: "flex",
            alignItems: "center",
            color: AMBER,
            fontSize: 30,
            fontWeight: 700,
          }}
        >
          <div
            style={{
              width: 44,
              height: 6,
              marginRight: 16,
              borderRadius: 3,
              backgroundColor: AMBER,
            }}
          />
          {eyebrow}
        </div>
        <div
          style={{
            marginTop: 18,
            fontSize: headlineSize(headline),
            fontWeight: 800,
            lineHeight: 1.08,
            letterSpacing: -1.5,
          }}
        >
          {headline}
        </div>
        {footnote ? (
          <div style={{ marginTop: 18, fontSize: 28, color: "#bfdbfe" }}>{footnote}</div>
        ) : null}
      </div>

      <div
        style={{
          display: "flex",
          alignItems: "center",
          paddingTop: 26,
          borderTop: "2px solid rgba(255, 255, 255, 0.25)",
          fontSize: 27,
          color: "#dbeafe",
        }}
      >
        {PROMISES.map((promise, index) => (
          <div key={promise} style={{ display: "flex", alignItems: "center" }}>
            {index > 0 ? (
              <div
                style={{
                  width: 10,
                  height: 10,
                  margin: "0 22px",
                  borderRadius: 5,
                  backgroundColor: AMBER,
                }}
              />
            ) : null}
            {promise}
          </div>
        ))}
      </div>
    </div>
  );
}
