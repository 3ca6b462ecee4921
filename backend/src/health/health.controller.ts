import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UnavailableError } from '../shared/errors/domain-error';
import { ApiErrors } from '../shared/http/openapi/api-errors';
import { HealthCheck } from './health-check';
import { healthAnswer } from './health-hot-path';
import { HealthResponse } from './health.responses';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthCheck) {}

  /**
   * Liveness and readiness in one: 200 only when the database answers (checked at most once a
   * second per instance; ADR 0021: while a check is fresh the hot path answers before Express).
   */
  @Get()
  @ApiOperation({ summary: 'Liveness and readiness: 200 only when the database answers' })
  @ApiOkResponse({ type: HealthResponse, description: 'The server and its database are up.' })
  @ApiErrors({ 503: { 'HEALTH.DATABASE_DOWN': 'The database does not answer.' } })
  async check(): Promise<HealthResponse> {
    try {
      await this.health.databaseUp();
    } catch (cause) {
      throw new UnavailableError('HEALTH.DATABASE_DOWN', 'The database is not reachable', { cause });
    }
    return healthAnswer();
  }
}
