import { expect, test } from "./support/test";

test("an unknown path gets the not-found page with status 404 and logs the path", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect.poll(() => errors.join("\n")).toContain("/this-page-does-not-exist");

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell Your House Fast for Cash");
});
