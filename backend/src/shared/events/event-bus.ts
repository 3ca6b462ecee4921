import { Injectable, Logger } from '@nestjs/common';
import type { DomainEvent } from './domain-event';

export type { DomainEvent } from './domain-event';

type Handler<E extends DomainEvent> = (event: E) => void | Promise<void>;

/**
 * In-process typed events between contexts (ARCHITECTURE rule 2: "a reaction goes through a
 * typed event"). A context declares its events in its index.ts; another subscribes by type.
 * A handler's failure is logged and never reaches the publisher. Cross-instance fan-out (live
 * updates) is the subscriber's business (LISTEN/NOTIFY, issue 5).
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger('EventBus');
  private readonly handlers = new Map<string, Set<Handler<DomainEvent>>>();

  subscribe<E extends DomainEvent>(type: E['type'], handler: Handler<E>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    set.add(handler as Handler<DomainEvent>);
    this.handlers.set(type, set);
    return () => set.delete(handler as Handler<DomainEvent>);
  }

  /** Runs every handler; resolves when all have settled. */
  async publish(event: DomainEvent): Promise<void> {
    const set = this.handlers.get(event.type);
    if (!set) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(event);
        } catch (e) {
          this.logger.error(`Handler for ${event.type} failed: ${(e as Error).message}`);
        }
      }),
    );
  }
}
