/** Run by the build adapter before `next build` starts: the environment must make sense. */
import { LOCAL_BUILD_FLAG, checkPublicEnv, publicEnv } from "../../config/env.ts";

try {
  checkPublicEnv(publicEnv, process.env[LOCAL_BUILD_FLAG]);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
