import { Global, Module } from '@nestjs/common';
import { LiveGateway } from './live-gateway';

/** The /ws endpoint; contexts inject LiveGateway to push messages (community: live edits). */
@Global()
@Module({ providers: [LiveGateway], exports: [LiveGateway] })
export class RealtimeModule {}
