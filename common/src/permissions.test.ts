import { describe, expect, it } from 'vitest';
import { ACTIONS, can, canOpen, PERMISSIONS, STAFF_ROLES } from './permissions.ts';

// The permission table (docs/product-staff.md): the rules the issue states, checked on the table itself.

describe('the permission table', () => {
  it('gives a full admin every action, and a student none', () => {
    for (const action of ACTIONS) {
      expect(can('admin', action), action).toBe(true);
      expect(can('student', action), action).toBe(false);
      expect(can(undefined, action), action).toBe(false);
      expect(can('superuser', action), action).toBe(false);
    }
  });

  it('names only staff roles', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const r of roles) expect(STAFF_ROLES).toContain(r);
  });

  it('never gives faculty money, nor an accountant exams or marks', () => {
    for (const a of [
      'payments.view',
      'payments.refund',
      'payments.counter',
      'collections.view',
      'coupons.manage',
      'invoices.manage',
    ] as const) {
      expect(can('faculty', a), a).toBe(false);
    }
    for (const a of ['exams.manage', 'evaluation.manage', 'results.publish', 'questionBank.manage', 'materials.manage'] as const) {
      expect(can('accountant', a), a).toBe(false);
      expect(can('faculty', a), a).toBe(true);
    }
    for (const a of ['payments.refund', 'payments.counter', 'coupons.manage', 'collections.view'] as const)
      expect(can('accountant', a), a).toBe(true);
  });

  it('keeps staff, audit and settings for a full admin only', () => {
    for (const role of ['centre_manager', 'faculty', 'accountant']) {
      for (const a of ['staff.manage', 'audit.view', 'settings.manage'] as const) expect(can(role, a), `${role} ${a}`).toBe(false);
    }
  });

  it('opens back-office pages by the longest matching prefix; unknown pages are a full admin’s', () => {
    expect(canOpen('accountant', '/admin/payments/collections')).toBe(true);
    expect(canOpen('centre_manager', '/admin/payments/123')).toBe(true);
    expect(canOpen('faculty', '/admin/payments')).toBe(false);
    expect(canOpen('faculty', '/admin/exams/abc/results')).toBe(true);
    expect(canOpen('centre_manager', '/admin/students/import')).toBe(false);
    expect(canOpen('centre_manager', '/admin/students/abc')).toBe(true);
    expect(canOpen('faculty', '/admin/dashboard')).toBe(true);
    expect(canOpen('faculty', '/admin/something-new')).toBe(false);
    expect(canOpen('admin', '/admin/something-new')).toBe(true);
    expect(canOpen('student', '/admin/dashboard')).toBe(false);
  });
});
