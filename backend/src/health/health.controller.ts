import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { UnavailableError } from '../shared/errors/domain-error';
import { HealthCheck } from './health-check';
import { healthAnswer, type HealthAnswer } from './health-hot-path';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthCheck) {}

  /**
   * Liveness and readiness in one: 200 only when the database answers (checked at most once a
   * second per instance; ADR 0021: while a check is fresh the hot path answers before Express).
   */
  @Get()
  @ApiOkResponse({ description: 'The server and its database are up.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async check(): Promise<HealthAnswer> {
    try {
      await this.health.databaseUp();
    } catch (cause) {
      throw new UnavailableError('HEALTH.DATABASE_DOWN', 'The database is not reachable', { cause });
    }
    return healthAnswer();
  }
}
