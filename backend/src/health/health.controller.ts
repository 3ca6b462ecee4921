import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { UnavailableError } from '../shared/errors/domain-error';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness and readiness in one: 200 only when the database answers. */
  @Get()
  @ApiOkResponse({ description: 'The server and its database are up.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async check(): Promise<{ status: 'ok'; database: 'up'; uptimeSeconds: number }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch (cause) {
      throw new UnavailableError('HEALTH.DATABASE_DOWN', 'The database is not reachable', { cause });
    }
    return { status: 'ok', database: 'up', uptimeSeconds: Math.round(process.uptime()) };
  }
}
