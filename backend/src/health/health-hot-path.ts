import { Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HotPaths } from '../shared/http/hot-paths';
import { PreparedJson, sendPipelineJson } from '../shared/http/pipeline-answer';
import { HealthCheck } from './health-check';

export const HEALTH_PATH = '/api/health';

export interface HealthAnswer {
  status: 'ok';
  database: 'up';
  uptimeSeconds: number;
}

export function healthAnswer(): HealthAnswer {
  return { status: 'ok', database: 'up', uptimeSeconds: Math.round(process.uptime()) };
}

/**
 * ADR 0021: GET /api/health answered before Express while the last database check is under a
 * second old (HealthCheck), with the bytes and headers HealthController would send. Otherwise
 * the controller checks the database (and answers 503 when it is down).
 */
@Injectable()
export class HealthHotPath implements OnModuleInit {
  private prepared?: { uptimeSeconds: number; answer: PreparedJson };

  constructor(
    private readonly hotPaths: HotPaths,
    private readonly health: HealthCheck,
  ) {}

  onModuleInit(): void {
    this.hotPaths.register((req, res) => this.serve(req, res));
  }

  private serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.url !== HEALTH_PATH || req.method !== 'GET') return false;
    const pipelineHeaders = this.hotPaths.pipelineHeaders;
    if (!pipelineHeaders || !this.health.freshAt()) return false;
    const body = healthAnswer();
    if (this.prepared?.uptimeSeconds !== body.uptimeSeconds) {
      this.prepared = { uptimeSeconds: body.uptimeSeconds, answer: new PreparedJson(body) };
    }
    sendPipelineJson(req, res, this.prepared.answer, pipelineHeaders, []);
    return true;
  }
}
