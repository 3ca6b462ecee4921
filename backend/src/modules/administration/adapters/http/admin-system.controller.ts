import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FallbackStatus, ModelTestResult } from '../../../generation';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { DashboardFiguresService, type PlatformStats } from '../../application/dashboard-figures.service';
import { SteerImageModelUseCase } from '../../application/steer-image-model.use-case';
import type { SalesAnalytics } from '../../domain/sales-analytics';
import { actorOf } from './admin-http';
import { FallbackOverrideDto } from './admin.dto';

/** 001 §2 Sales Analytics, Platform Stats and System Reliability (D11, D22). Admins only. */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin')
@UseGuards(AdminGuard)
@NoStore()
export class AdminSystemController {
  constructor(
    private readonly figures: DashboardFiguresService,
    private readonly model: SteerImageModelUseCase,
  ) {}

  @Get('analytics')
  @ApiOperation({ summary: 'Sales analytics and business insights (001 §2), revenue per day for 30 days' })
  analytics(): Promise<SalesAnalytics> {
    return this.figures.salesAnalytics();
  }

  @Get('platform-stats')
  @ApiOperation({ summary: 'Users, transactions, suspended users, images today and in total, generations per day, fallback' })
  platformStats(): Promise<PlatformStats> {
    return this.figures.platformStats();
  }

  @Get('fallback/status')
  @ApiOperation({ summary: 'The shared model fallback state (polled every 5 s)' })
  fallbackStatus(): Promise<FallbackStatus> {
    return this.model.status();
  }

  @Post('fallback/override')
  @HttpCode(200)
  @ApiOperation({ summary: '{enabled}: true forces the fallback model, false the primary, null automatic' })
  override(@CurrentUser() admin: AuthUser, @Body() body: FallbackOverrideDto): Promise<FallbackStatus> {
    return this.model.override(actorOf(admin), body.enabled);
  }

  @Post('fallback/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Failure count 0 and the fallback off (the override stays)' })
  reset(@CurrentUser() admin: AuthUser): Promise<FallbackStatus> {
    return this.model.reset(actorOf(admin));
  }

  @Post('fallback/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'One real generation against the active model: {model, success, error}' })
  test(@CurrentUser() admin: AuthUser): Promise<ModelTestResult> {
    return this.model.test(actorOf(admin));
  }
}
