import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TooManyGenerationsInFlightError } from '../domain/generation-errors';

/**
 * Issue 9: at most GENERATION_MAX_IN_FLIGHT_PER_INSTANCE generations at once in this process.
 * The limit is on memory, which is this process's own (a 40-megapixel upload costs ~300 MB
 * while it is checked and edited), so it is counted here and not in the database. Taken before
 * the upload is decoded; a request over the limit is refused at once (429), never queued.
 */
@Injectable()
export class InstanceGenerationSlots {
  private inUse = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get max(): number {
    return this.config.generation.maxInFlight.perInstance;
  }

  get busy(): number {
    return this.inUse;
  }

  /** Takes a slot or throws TooManyGenerationsInFlightError; the returned function gives it back (once). */
  acquire(): () => void {
    if (this.inUse >= this.max) throw new TooManyGenerationsInFlightError('instance', this.max);
    this.inUse += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= 1;
    };
  }
}
