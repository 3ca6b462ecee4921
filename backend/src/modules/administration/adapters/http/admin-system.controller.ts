import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { DashboardFiguresService } from '../../application/dashboard-figures.service';
import { ModelSteeringService } from '../../application/model-steering.service';
import type { SalesAnalytics } from '../../domain/sales-analytics';
import { actorOf } from './admin-http';
import { FallbackOverrideDto, ModelEnabledDto, ModelOrderDto, ModelRefDto } from './admin.dto';
import { FallbackStatusResponse, ModelChainResponse, ModelTestResponse, PlatformStatsResponse, SalesAnalyticsResponse } from './admin.responses';

/** 001 §2 Sales Analytics, Platform Stats and System Reliability (D11, D22, D41). Admins only. */
@ApiTags('admin')
@Controller('admin')
@UseGuards(AdminGuard)
@NoStore()
export class AdminSystemController {
  constructor(
    private readonly figures: DashboardFiguresService,
    private readonly model: ModelSteeringService,
  ) {}

  @Get('analytics')
  @ApiOperation({ summary: 'Sales analytics and business insights (001 §2), revenue per day for 30 days' })
  @ApiOkResponse({ type: SalesAnalyticsResponse })
  analytics(): Promise<SalesAnalytics> {
    return this.figures.salesAnalytics();
  }

  @Get('platform-stats')
  @ApiOperation({ summary: 'Users, transactions, suspended users, images today and in total, generations per day, fallback' })
  @ApiOkResponse({ type: PlatformStatsResponse })
  platformStats(): Promise<PlatformStatsResponse> {
    return this.figures.platformStats();
  }

  @Get('fallback/status')
  @ApiOperation({ summary: 'The shared model fallback state (polled every 5 s)' })
  @ApiOkResponse({ type: FallbackStatusResponse })
  fallbackStatus(): Promise<FallbackStatusResponse> {
    return this.model.status();
  }

  @Post('fallback/override')
  @HttpCode(200)
  @ApiOperation({ summary: '{enabled}: true forces the fallback model, false the primary, null automatic' })
  @ApiOkResponse({ type: FallbackStatusResponse })
  override(@CurrentUser() admin: AuthUser, @Body() body: FallbackOverrideDto): Promise<FallbackStatusResponse> {
    return this.model.override(actorOf(admin), body.enabled);
  }

  @Post('fallback/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Failure count 0 and the fallback off (the override stays)' })
  @ApiOkResponse({ type: FallbackStatusResponse })
  reset(@CurrentUser() admin: AuthUser): Promise<FallbackStatusResponse> {
    return this.model.reset(actorOf(admin));
  }

  @Post('fallback/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'One real generation against the active model: {model, success, error}' })
  @ApiOkResponse({ type: ModelTestResponse, description: 'A failed test is a 200 with `success: false` and the error.' })
  test(@CurrentUser() admin: AuthUser): Promise<ModelTestResponse> {
    return this.model.test(actorOf(admin));
  }

  @Get('models')
  @ApiOperation({ summary: "D41: the model chain in order, each model's status, price and reliability over 24 hours and 7 days" })
  @ApiOkResponse({ type: ModelChainResponse })
  models(): Promise<ModelChainResponse> {
    return this.model.chain();
  }

  @Post('models/order')
  @HttpCode(200)
  @ApiOperation({ summary: 'D41: the chain in a new order: {models}, every model of the chain once (400 otherwise)' })
  @ApiOkResponse({ type: ModelChainResponse })
  reorderModels(@CurrentUser() admin: AuthUser, @Body() body: ModelOrderDto): Promise<ModelChainResponse> {
    return this.model.reorder(actorOf(admin), body.models);
  }

  @Post('models/enabled')
  @HttpCode(200)
  @ApiOperation({ summary: 'D41: {model, enabled}; a disabled model is never tried (404 not in the chain, 409 the last enabled one)' })
  @ApiOkResponse({ type: ModelChainResponse })
  setModelEnabled(@CurrentUser() admin: AuthUser, @Body() body: ModelEnabledDto): Promise<ModelChainResponse> {
    return this.model.setEnabled(actorOf(admin), body.model, body.enabled);
  }

  @Post('models/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'D41: one real generation against one model of the chain: {model, success, error, latencyMs}' })
  @ApiOkResponse({ type: ModelTestResponse, description: 'A failed test is a 200 with `success: false` and the error.' })
  testModel(@CurrentUser() admin: AuthUser, @Body() body: ModelRefDto): Promise<ModelTestResponse> {
    return this.model.testModel(actorOf(admin), body.model);
  }
}
