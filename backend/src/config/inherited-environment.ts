/**
 * The environment a child process or worker thread starts with: this process's own, as it is,
 * plus `extra`. Only config/ reads process.env (ARCHITECTURE rule 8: configuration is read once,
 * validated and injected); a child that must inherit the environment as a whole (PATH, locale,
 * the TS_NODE_* variables under tests) takes it from here, without reading any of it.
 */
export function inheritedEnvironment(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
