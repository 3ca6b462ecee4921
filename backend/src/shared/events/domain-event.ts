/**
 * A typed event between contexts (ARCHITECTURE rule 2). Plain TypeScript, so a context's domain/
 * may declare its events with it (the domain rule allows this file and the error model only).
 */
export interface DomainEvent<T extends string = string> {
  readonly type: T;
}
