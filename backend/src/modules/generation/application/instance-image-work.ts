import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { FifoTurns } from '../../../shared/concurrency/fifo-turns';

/**
 * Issue 29: the CPU-bound steps of this instance's generations (the upload check with its decode,
 * the original's renditions, the local engine's edit, and an output's watermark, renditions,
 * credentials and store), at most GENERATION_IMAGE_WORK_CONCURRENCY at once (default 1), the rest
 * waiting in arrival order. Each step holds a 12-megapixel photo's decodes (tens of MB) while it
 * runs: four edits taking their steps side by side, on two cores they share anyway, peaked at
 * 520 MB; one step at a time, under 400 MB, for 10-25 % more wall time (`npm run bench -- memory`,
 * ADR 0036). A Replicate call takes no turn (a
 * vendor's 10-20 s is not this machine's work). Unlike InstanceGenerationSlots (429 at once), this
 * queues: every waiting step belongs to a generation already admitted.
 */
@Injectable()
export class InstanceImageWork {
  private readonly turns: FifoTurns;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.turns = new FifoTurns(() => this.concurrency);
  }

  get concurrency(): number {
    return this.config.generation.imageWorkConcurrency;
  }

  /** Steps running now and steps waiting for a turn. */
  get load(): { running: number; waiting: number } {
    return this.turns.load;
  }

  /**
   * Runs `work` in its turn; the turn is given back however it ends. A signal that fires while
   * the work still waits takes it out of the line (rejected with the signal's reason).
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.turns.run(work, signal);
  }

  /**
   * The same for a step that finishes a generation and frees what it holds (an output step: a
   * model's 36 MB of pixels, ADR 0038): it goes before every waiting step that would take more
   * (a check, an edit), so held outputs never pile up behind new edits.
   */
  finish<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.turns.run(work, signal, true);
  }
}
