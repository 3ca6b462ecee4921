import { CallHandler, ExecutionContext, HttpException, Inject, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { UploadTooLargeError } from '../../domain/generation-errors';

/** Text fields are short: a prompt is at most 1000 characters (up to 4 bytes each in UTF-8). */
const MAX_FIELD_BYTES = 8 * 1024;

/**
 * The multipart body of POST /api/generate: `image` and optional `mask`, held in memory (multer's
 * memory storage: nothing touches the disk) with a hard byte limit per file (D12,
 * UPLOAD_MAX_BYTES). multer stops reading a file at the limit and drains the rest, so an 11 MB
 * upload costs 10 MB of memory at most and is answered 413 before anything is stored.
 */
@Injectable()
export class GenerationUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const Multer = FileFieldsInterceptor(
      [
        { name: 'image', maxCount: 1 },
        { name: 'mask', maxCount: 1 },
      ],
      {
        limits: { fileSize: config.generation.upload.maxBytes, files: 2, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 12 },
      },
    );
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new UploadTooLargeError(this.config.generation.upload.maxBytes);
      if (error instanceof HttpException && error.getStatus() < 500) {
        throw new ValidationError(`The upload could not be read: ${error.message}`);
      }
      throw error;
    }
  }
}
