import { BeforeApplicationShutdown, Inject, Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, WebSocket } from 'ws';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** A message pushed to browsers over /ws (spec 000 §3 "Live message"). */
export interface LiveMessage<T = unknown> {
  type: string;
  data: T;
}

/**
 * The `/ws` endpoint on the same HTTP server. Server-push only: clients' messages are ignored.
 * Heartbeats: every WS_HEARTBEAT_MS each client is pinged; one that has not answered the
 * previous ping with a pong is dropped, so dead connections do not pile up.
 */
@WebSocketGateway({ path: '/ws', maxPayload: 4096 })
export class LiveGateway implements OnGatewayInit<Server>, OnGatewayConnection<WebSocket>, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveGateway');
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private server?: Server;
  private heartbeat?: NodeJS.Timeout;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  afterInit(server: Server): void {
    this.server = server;
    this.heartbeat = setInterval(() => this.beat(), this.config.wsHeartbeatMs);
    this.heartbeat.unref();
  }

  handleConnection(client: WebSocket): void {
    this.alive.set(client, true);
    client.on('pong', () => this.alive.set(client, true));
    client.on('error', (err) => this.logger.warn(`WebSocket client error: ${err.message}`));
  }

  /** Sends a message to every client connected to this instance. Returns how many got it. */
  broadcast(message: LiveMessage): number {
    if (!this.server) return 0;
    // Encoded once for every client (2,000 clients: bench/ws).
    const payload = Buffer.from(JSON.stringify(message), 'utf8');
    let sent = 0;
    for (const client of this.server.clients) {
      if (client.readyState === client.OPEN) {
        client.send(payload, { binary: false });
        sent++;
      }
    }
    return sent;
  }

  get connectedClients(): number {
    return this.server?.clients.size ?? 0;
  }

  beforeApplicationShutdown(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const client of this.server?.clients ?? []) client.close(1001, 'Server shutting down');
  }

  private beat(): void {
    for (const client of this.server?.clients ?? []) {
      if (!this.alive.get(client)) {
        client.terminate();
        continue;
      }
      this.alive.set(client, false);
      client.ping();
    }
  }
}
