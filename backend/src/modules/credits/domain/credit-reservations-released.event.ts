/**
 * Issue 9 / D4: published by the credits recovery job when it gives back reservations that no one
 * will settle (their instance is gone, or they are older than CREDIT_RESERVATION_STALE_MINUTES).
 * Generation reacts by failing the images those reservations paid for.
 */
export const CREDIT_RESERVATIONS_RELEASED = 'credits.reservations-released' as const;

export interface CreditReservationsReleased {
  type: typeof CREDIT_RESERVATIONS_RELEASED;
  reason: 'instance_gone' | 'stale';
  reservations: Array<{ reservationId: string; userId: string; imageId: string | null }>;
}
