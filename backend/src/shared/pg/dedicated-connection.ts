import { Client, type Notification } from 'pg';

export interface DedicatedPgConnectionOptions {
  /** The connection string (the app's DATABASE_URL). */
  url: string | undefined;
  applicationName?: string;
  /** TCP keepalive, so a vanished host is noticed (and its session ended) by the server. */
  keepAlive?: boolean;
  /** Where connection trouble is reported; `label` starts each message ("Listener connection error: ..."). */
  logger: { warn(message: string): void };
  label: string;
  /** How long after a drop (or a failed attempt) the next attempt starts. */
  reconnectMs: number;
  /** Runs on every new connection before it counts as connected; throwing means "not connected". */
  setup(client: Client): Promise<void>;
  /** Every NOTIFY heard on the connection (set up LISTENs in `setup`). */
  onNotification?(msg: Notification): void;
  /** The connection is up and `setup` has run. */
  onConnected?(): void;
  /** A connection (or an attempt) was lost; a reconnect is scheduled. */
  onLost?(): void;
}

const ignore = () => undefined;

/**
 * ONE dedicated PostgreSQL session held for the life of a process (for LISTEN, a session
 * advisory lock, ...), outside the pool: it runs `setup` on every connect and reconnects
 * `reconnectMs` after it drops or an attempt fails, until `stop()`.
 */
export class DedicatedPgConnection {
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;
  /** The attempt under way (connecting or running `setup`), which `stop()` must end too. */
  private attempt?: { client: Client; done: Promise<void> };

  constructor(private readonly options: DedicatedPgConnectionOptions) {}

  /** Whether a connection is up and set up (false while reconnecting). */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /**
   * Makes the first attempt. With `failHard`, a failed first attempt rejects (and nothing is
   * retried); otherwise it is logged and retried like a drop.
   */
  async start({ failHard = false }: { failHard?: boolean } = {}): Promise<void> {
    await this.connect(failHard);
  }

  /**
   * Ends the connection, any pending reconnect and any attempt under way; nothing reconnects or
   * logs afterwards. Resolves once no session of this connection is left and the attempt under way
   * (if any) has given up, so that nothing of it runs after the caller's shutdown.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    const attempt = this.attempt;
    await Promise.all([client?.end().catch(ignore), attempt?.client.end().catch(ignore)]);
    await attempt?.done;
  }

  private connect(failHard = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const { url, applicationName, keepAlive } = this.options;
    const client = new Client({ connectionString: url, application_name: applicationName, keepAlive });
    const done = this.attemptOn(client, failHard).finally(() => {
      if (this.attempt?.client === client) this.attempt = undefined;
    });
    this.attempt = { client, done: done.catch(ignore) };
    return done;
  }

  private async attemptOn(client: Client, failHard: boolean): Promise<void> {
    const { logger, label, setup, onNotification, onConnected } = this.options;
    let abandoned = false; // a failed hard start: its end is no reason to reconnect
    // This client is lost once: its failure, its error and its end may all follow (the end can
    // come after the next attempt has started, on a busy machine), and only the first schedules a
    // reconnect. Otherwise a late end of a retired client started a second attempt beside the
    // current one and reported the loss twice.
    let lost = false;
    const loseOnce = () => {
      if (abandoned || lost) return;
      lost = true;
      this.scheduleReconnect(client);
    };
    client.on('error', (err) => {
      if (this.stopped) return; // ended by stop(): no trouble to report
      logger.warn(`${label} connection error: ${err.message}`);
      loseOnce();
    });
    client.on('end', loseOnce);
    if (onNotification) client.on('notification', (msg) => onNotification(msg));
    try {
      await client.connect();
      await setup(client);
      if (this.stopped) {
        await client.end().catch(ignore);
        return;
      }
      this.client = client;
      onConnected?.();
    } catch (e) {
      if (failHard) {
        abandoned = true;
        await client.end().catch(ignore);
        throw e;
      }
      if (this.stopped) {
        // stop() ended this attempt's session under it: nothing failed, nothing to retry.
        await client.end().catch(ignore);
        return;
      }
      logger.warn(`${label} could not connect: ${(e as Error).message}`);
      loseOnce();
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.options.onLost?.();
    client.end().catch(ignore);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopped) void this.connect();
    }, this.options.reconnectMs);
    this.reconnectTimer.unref();
  }
}
