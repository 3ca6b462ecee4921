import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, OptionalUser, SignedInGuard } from '../../../../shared/auth/guards';
import { clientIp } from '../../../../shared/http/client-ip';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { ReportImageUseCase, type FiledReportView } from '../../application/report-image.use-case';
import { REPORTS_API, type MyReport, type ReportsApi } from '../../reports.api';
import { ReportImageDto } from './reports.dto';
import { FiledReportResponse, MyReportResponse } from './reports.responses';

/** D43: reporting a public image (anyone), and a signed-in reporter's own reports with their outcome. */
@ApiTags('reports')
@Controller()
@NoStore()
export class ReportsController {
  constructor(
    private readonly reportImage: ReportImageUseCase,
    @Inject(REPORTS_API) private readonly reports: ReportsApi,
  ) {}

  @Post('images/:id/report')
  @HttpCode(201)
  @ApiOperation({ summary: 'D43: report a public image (signed in or not); ncii and minor hide it at once, pending review' })
  @ApiCreatedResponse({ type: FiledReportResponse })
  @ApiErrors({
    400: { 'VALIDATION.FAILED': 'reason is not one of the six, or details is not text of at most 1,000 characters.' },
    404: { 'IMAGE.NOT_FOUND': 'Not on a public page (unknown, private, hidden or unfinished): as the share page answers.' },
    409: { 'REPORT.ALREADY_REPORTED': 'This account (or, signed out, this address) already reported this image.' },
    429: { 'REPORT.TOO_MANY': 'More than 10 reports an hour from this address.' },
  })
  report(
    @Param('id') id: string,
    @Body() body: ReportImageDto,
    @Req() req: Request,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<FiledReportView> {
    return this.reportImage.execute({ imageId: id, reason: body?.reason, details: body?.details, userId: viewer?.id ?? null, ip: clientIp(req) });
  }

  @Get('reports')
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: "D43: the signed-in user's reports, newest first, with each one's outcome (open, taken_down, dismissed)" })
  @ApiOkResponse({ type: [MyReportResponse] })
  mine(@CurrentUser() user: AuthUser): Promise<MyReport[]> {
    return this.reports.reportsBy(user.id);
  }
}
