import {
  BookOpen,
  CalendarCheck,
  CalendarDays,
  ClipboardCheck,
  Contact,
  CreditCard,
  FileText,
  Globe,
  GraduationCap,
  History,
  Landmark,
  Library,
  ListChecks,
  Megaphone,
  Send,
  Settings,
  ShieldCheck,
  TicketPercent,
  UserCog,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import { usePermissions } from '../../../lib/permissions.ts';
import { Link } from 'react-router';

const links = [
  { to: '/admin/enquiries', label: 'Enquiries', icon: Contact },
  { to: '/admin/admissions', label: 'Admission Requests', icon: ClipboardCheck },
  { to: '/admin/nlu', label: 'NLU Cut-offs', icon: Landmark },
  { to: '/admin/daily-quizzes', label: 'Daily Quizzes', icon: CalendarCheck },
  { to: '/admin/students', label: 'Manage Students', icon: Users },
  { to: '/admin/batches', label: 'Batches and Timetable', icon: CalendarDays },
  { to: '/admin/attendance', label: 'Attendance', icon: CalendarCheck },
  { to: '/admin/exams', label: 'Manage Exams', icon: FileText },
  { to: '/admin/question-bank', label: 'Question Bank', icon: ListChecks },
  { to: '/admin/flashcards', label: 'Flashcards', icon: BookOpen },
  { to: '/admin/submissions', label: 'Exam Submissions', icon: GraduationCap },
  { to: '/admin/payments', label: 'Payments', icon: CreditCard },
  { to: '/admin/payments/collections', label: 'Collections', icon: Wallet },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent },
  { to: '/admin/courses', label: 'Manage Courses', icon: BookOpen },
  { to: '/admin/announcements', label: 'Manage Announcements', icon: Megaphone },
  { to: '/admin/site', label: 'Public Site', icon: Globe },
  { to: '/admin/notifications/broadcast', label: 'Messages and Outbox', icon: Send },
  { to: '/admin/materials', label: 'Study Materials', icon: Library },
  { to: '/admin/create-admin', label: 'Create New Admin', icon: UserPlus },
  { to: '/admin/admins', label: 'Manage Admins', icon: ShieldCheck },
  { to: '/admin/staff', label: 'Manage Staff', icon: UserCog },
  { to: '/admin/audit', label: 'Audit Trail', icon: History },
  { to: '/admin/settings', label: 'Institute Settings', icon: Settings },
] as const;

/** A link to every back-office screen the signed-in role may open (docs/product-staff.md). */
export function QuickLinks() {
  const { canOpen } = usePermissions();
  return (
    <nav aria-label="Admin screens">
      <h2 className="mb-3 text-lg font-semibold text-slate-800">Quick links</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {links
          .filter(({ to }) => canOpen(to))
          .map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col items-center gap-2 rounded-xl bg-white p-4 text-center text-sm font-semibold text-slate-800 shadow-sm hover:text-brand-700 hover:shadow-md"
              >
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                {label}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
