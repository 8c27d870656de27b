/** Run by the build adapter before `next build` starts: the environment must make sense. */
import { LOCAL_BUILD_FLAG, checkPublicEnv, publicEnv } from "../../config/env.ts";

async function main(): Promise<string[]> {
  const problems: string[] = [];
  const check = async (run: () => void | Promise<void>) => {
    try {
      await run();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  };
  await check(() => checkPublicEnv(publicEnv, process.env[LOCAL_BUILD_FLAG]));
  // Imported here: the site config checks each COMPANY_* value as it loads, naming the variable.
  await check(async () => {
    const { checkCompanyForDeploy } = await import("../../config/site.ts");
    checkCompanyForDeploy(process.env);
  });
  return problems;
}

main().then(
  (problems) => {
    if (problems.length === 0) return;
    console.error(`\n${problems.join("\n\n")}\n`);
    process.exit(1);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
