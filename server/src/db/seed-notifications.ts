import { inArray, isNull } from 'drizzle-orm';
import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { notificationPreferences, users } from './schema.ts';

// Demo channels (docs/product-notifications.md): a few of the demo candidates have a mobile number and
// SMS or WhatsApp turned on, so an announcement's count on a fresh install shows who each channel
// reaches, and the development mailbox shows SMS and WhatsApp messages once one is sent.

const DEMO: { email: string; phone: string; sms: boolean; whatsapp: boolean }[] = [
  { email: 'candidate01@demo-candidates.local', phone: '9830000101', sms: true, whatsapp: true },
  { email: 'candidate02@demo-candidates.local', phone: '9830000102', sms: true, whatsapp: false },
  { email: 'candidate03@demo-candidates.local', phone: '9830000103', sms: false, whatsapp: true },
  { email: 'candidate04@demo-candidates.local', phone: '9830000104', sms: true, whatsapp: false },
  { email: 'candidate05@demo-candidates.local', phone: '9830000105', sms: false, whatsapp: true },
  { email: 'candidate06@demo-candidates.local', phone: '9830000106', sms: true, whatsapp: true },
];

/** Idempotent: a number is set only where none is, and a candidate's own choices are never overwritten. */
export async function seedDemoNotificationPreferences(db: Db) {
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO.map((d) => d.email),
      ),
    );
  for (const u of found) {
    const d = DEMO.find((x) => x.email === u.email);
    if (!d) continue;
    await db
      .update(users)
      .set({ phone: d.phone })
      .where(and(eq(users.id, u.id), isNull(users.phone)));
    await db.insert(notificationPreferences).values({ userId: u.id, email: true, sms: d.sms, whatsapp: d.whatsapp }).onConflictDoNothing();
  }
}
