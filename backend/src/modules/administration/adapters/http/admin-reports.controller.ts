import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { DismissResult, ReportCaseView, TakeDownResult } from '../../../reports';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { ReportReviewService } from '../../application/report-review.service';
import { actorOf, listAnswer, pageOf, PagingQuery, type PageQuery, TOTAL_COUNT } from './admin-http';
import { ReportDecisionDto } from './admin.dto';
import { DismissReportResponse, ReportCaseResponse, TakeDownResponse } from './admin.responses';

const NO_OPEN_REPORT = { 404: { 'REPORT.NOT_FOUND': 'No open report for this image (never reported, already decided, or a malformed id).' } };

/** D43: the Reports tab. Admins only; every decision audited (D32). */
@ApiTags('admin')
@Controller('admin/reports')
@UseGuards(AdminGuard)
@NoStore()
export class AdminReportsController {
  constructor(private readonly reviews: ReportReviewService) {}

  @Get()
  @ApiOperation({ summary: 'D43: images with open reports, the nearest deadline first (X-Total-Count)' })
  @PagingQuery()
  @ApiOkResponse({ type: [ReportCaseResponse], headers: TOTAL_COUNT })
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<ReportCaseView[]> {
    return listAnswer(res, await this.reviews.openCases(pageOf(query)));
  }

  @Post(':imageId/take-down')
  @HttpCode(200)
  @ApiOperation({ summary: 'D43: deletes the image and its copies everywhere, blocks its hashes, tells the owners' })
  @ApiOkResponse({ type: TakeDownResponse })
  @ApiErrors(NO_OPEN_REPORT)
  takeDown(@CurrentUser() admin: AuthUser, @Param('imageId') imageId: string, @Body() body: ReportDecisionDto): Promise<TakeDownResult> {
    return this.reviews.takeDown(actorOf(admin), imageId, body.reason?.trim() || null);
  }

  @Post(':imageId/dismiss')
  @HttpCode(200)
  @ApiOperation({ summary: "D43: dismisses the image's open reports and shows it again if a report hid it" })
  @ApiOkResponse({ type: DismissReportResponse })
  @ApiErrors(NO_OPEN_REPORT)
  dismiss(@CurrentUser() admin: AuthUser, @Param('imageId') imageId: string, @Body() body: ReportDecisionDto): Promise<DismissResult> {
    return this.reviews.dismiss(actorOf(admin), imageId, body.reason?.trim() || null);
  }
}
