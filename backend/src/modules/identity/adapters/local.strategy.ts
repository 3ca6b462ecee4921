import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { LoginUseCase } from '../application/login.use-case';
import { type SessionUser, toSessionUser } from '../application/session-user';
import { clientIp } from '../../../shared/http/client-ip';

/**
 * Passport's local strategy (e-mail + password) on the shared passport instance. The login use
 * case decides; its DomainErrors (401, 403 suspended, 429) travel to the caller unchanged.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly login: LoginUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  async validate(req: Request, email: string, password: string): Promise<SessionUser> {
    const account = await this.login.execute({ email, password, ip: clientIp(req) });
    return toSessionUser(account, this.config.adminEmails);
  }
}
