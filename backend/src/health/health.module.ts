import { Module } from '@nestjs/common';
import { HealthCheck } from './health-check';
import { HealthController } from './health.controller';
import { HealthHotPath } from './health-hot-path';

/** GET /api/health: the controller and its hot path (ADR 0021) over one cached database check. */
@Module({
  controllers: [HealthController],
  providers: [HealthCheck, HealthHotPath],
})
export class HealthModule {}
