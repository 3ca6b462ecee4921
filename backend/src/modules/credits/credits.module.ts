import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditsHotPath } from './adapters/http/credits-hot-path';
import { CreditsController } from './adapters/http/credits.controller';
import { PgInstanceLease } from './adapters/pg/pg-instance-lease';
import { CreditReservationOrmEntity } from './adapters/typeorm/credit-reservation.orm-entity';
import { CreditTransactionOrmEntity } from './adapters/typeorm/credit-transaction.orm-entity';
import { TypeormCreditLedgerRepository } from './adapters/typeorm/typeorm-credit-ledger.repository';
import { BalanceCache } from './application/balance-cache';
import { CreditsService } from './application/credits.service';
import { ReleaseStaleReservationsJob } from './application/release-stale-reservations.job';
import { CREDITS_API } from './credits.api';

/** Credits: the ledger (D2-D5, ADR 0007). Other contexts use it only through CREDITS_API. */
@Module({
  imports: [TypeOrmModule.forFeature([CreditTransactionOrmEntity, CreditReservationOrmEntity])],
  controllers: [CreditsController],
  providers: [
    PgInstanceLease,
    TypeormCreditLedgerRepository,
    BalanceCache,
    CreditsHotPath,
    CreditsService,
    { provide: CREDITS_API, useExisting: CreditsService },
    ReleaseStaleReservationsJob,
  ],
  exports: [CREDITS_API],
})
export class CreditsModule {}
