import { and, eq, isNotNull } from 'drizzle-orm';
import { type enquiryBody, SITE_MSG } from '@app/common/schemas/site';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { centres, courses, instituteSettings, staffCentres, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { takeEnquiry } from './intake.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The contact page's enquiry (docs/product-site.md, "Contact"; docs/product-admissions-desk.md): it joins
// the desk as a `contact_page` enquiry, merged into the visitor's open one when the phone or e-mail is
// known, and is mailed through the outbox to whoever answers it (`recipientsOf`). The visitor's answer is
// the same either way: nothing tells them that a phone is already known.

type Body = z.output<typeof enquiryBody>;

/**
 * Who an enquiry is mailed to: the managers of its centre and the institute's e-mail (settings); when
 * neither exists (no centre chosen, no e-mail set), every active admin, so that it always reaches someone.
 */
async function recipientsOf(ctx: Ctx, centreId: string | undefined): Promise<string[]> {
  const to = new Set<string>();
  if (centreId) {
    const managers = await ctx.db
      .select({ email: users.email })
      .from(staffCentres)
      .innerJoin(users, eq(users.id, staffCentres.userId))
      .where(and(eq(staffCentres.centreId, centreId), eq(users.role, 'centre_manager'), eq(users.isActive, true)));
    for (const m of managers) to.add(accountEmail(m));
  }
  const [settings] = await ctx.db
    .select({ email: instituteSettings.email })
    .from(instituteSettings)
    .where(isNotNull(instituteSettings.email));
  if (settings?.email) to.add(settings.email);
  if (to.size === 0) {
    const admins = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    for (const a of admins) to.add(accountEmail(a));
  }
  return [...to];
}

/** POST /api/public/enquiries: a visitor's enquiry from the contact page. */
export async function createPublicEnquiry(ctx: Ctx, body: Body) {
  const [course] = body.course
    ? await ctx.db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, body.course)).limit(1)
    : [];
  if (body.course && !course) throw badRequest(SITE_MSG.courseNotFound, { course: 'Please select a valid course' });
  const [centre] = body.centre
    ? await ctx.db.select({ id: centres.id, name: centres.name }).from(centres).where(eq(centres.id, body.centre)).limit(1)
    : [];
  const { row } = await ctx.db.transaction((tx) =>
    takeEnquiry(
      tx,
      {
        name: body.name,
        phone: body.phone,
        email: body.email,
        courseId: course?.id,
        centreId: centre?.id,
        source: 'contact_page',
        message: body.message,
      },
      null,
      new Date(),
    ),
  );
  const text = [
    `A visitor sent an enquiry from the website's contact page.`,
    '',
    `Name: ${body.name}`,
    `Phone: ${body.phone}`,
    `E-mail: ${body.email ?? 'not given'}`,
    `Course: ${course?.name ?? 'not chosen'}`,
    `Centre: ${centre?.name ?? 'not chosen'}`,
    '',
    body.message,
    '',
    `On the admissions desk: ${ctx.config.publicUrl}/admin/enquiries/${row.id}`,
  ].join('\n');
  const subject = `Website enquiry from ${body.name}${centre ? ` for ${centre.name}` : ''}`;
  // Queued in the outbox and delivered in the background: the visitor's answer never waits on a mail server.
  for (const to of await recipientsOf(ctx, centre?.id)) await ctx.mailer.queue({ to, subject, text });
  return { _id: row.id, message: SITE_MSG.enquirySent };
}
