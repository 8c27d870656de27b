/** The end-to-end tests' servers, on 127.0.0.1: E2E_PORT (default 3210) and ports after it. */
const base = Number(process.env.E2E_PORT ?? 3210);
export const E2E_PORTS = { main: base, drill: base + 1, hosted: base + 3 } as const;
export type E2eServer = keyof typeof E2E_PORTS;

export function e2eUrl(server: E2eServer): string {
  return `http://127.0.0.1:${E2E_PORTS[server]}/`;
}

/**
 * The servers a run starts: all three by default; E2E_SERVERS=main (or main,drill) starts
 * only those, for a quick run of the specs that need no more.
 */
export function e2eServers(): Set<E2eServer> {
  const names = process.env.E2E_SERVERS?.split(",") ?? Object.keys(E2E_PORTS);
  return new Set(names.filter((name): name is E2eServer => Object.hasOwn(E2E_PORTS, name)));
}
