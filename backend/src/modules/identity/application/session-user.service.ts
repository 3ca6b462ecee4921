import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { type SessionUser, toSessionUser } from './session-user';
import { isUuid } from '../../../shared/ids';


/** Who a session belongs to, read fresh on every request that carries one. */
@Injectable()
export class SessionUserService {
  constructor(
    private readonly accounts: TypeormAccountRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * null when the account is gone or suspended (D21: its open sessions stop working at once).
   * isAdmin comes from ADMIN_EMAILS and the verified flag each time (D22, D25), so a config change
   * or a verification needs no new sign-in.
   */
  async load(userId: unknown): Promise<SessionUser | null> {
    if (!isUuid(userId)) return null;
    const account = await this.accounts.findById(userId);
    if (!account || account.isSuspended) return null;
    return toSessionUser(account, this.config.adminEmails);
  }
}
