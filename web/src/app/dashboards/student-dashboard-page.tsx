import { welcomeBack } from '@app/common/rules/greeting';
import { useStudentResults } from '../../api/student-results.ts';
import { usePageTitle } from '../../components/page-title.ts';
// The dashboard composes the payments feature's summary card (fees are a payments concern) with the
// student feature's cards, so it lives in app/.
import { PaymentSummaryCard } from '../../features/payments/components/payment-summary-card.tsx';
import { AvailableExams } from '../../features/student-home/components/available-exams.tsx';
import { EnrolmentCard } from '../../features/student-home/components/enrolment-card.tsx';
import { ProfileCard } from '../../features/student-home/components/profile-card.tsx';
import { RecentResults, ResultStats } from '../../features/student-home/components/recent-results.tsx';
import { useAuth } from '../../lib/auth.tsx';
// The batch, its week of classes and the student's attendance belong to the batches feature.
import { MyAttendanceCard, MyClassesCard } from '../../features/batches/components/my-classes.tsx';
import { FlashcardsCard } from '../../features/flashcards/components/flashcards-card.tsx';
import { MaterialsCard } from '../../features/materials/components/materials-card.tsx';
import { DailyQuizCard } from '../../features/daily-quiz/components/daily-quiz-card.tsx';
// The student's channels for reminders and announcements belong to the notifications feature.
import { ChannelPreferencesCard } from '../../features/notifications/components/channel-preferences-card.tsx';

/** docs/product.md section 2 "Student dashboard": profile, enrolment, fees and installments
 * (GET /api/payments/student), available exams, results and stats. */
export default function StudentDashboardPage() {
  usePageTitle('Student dashboard');
  const { user } = useAuth();
  const results = useStudentResults();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">Student dashboard</h1>
      {user && <p className="mt-1 text-slate-600">{welcomeBack(user)}</p>}
      <div className="mt-6 grid gap-6">
        <ResultStats query={results} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            <MyClassesCard />
            <AvailableExams />
            {/* Fees sit in the wide column: the installment schedule is a five-column table. */}
            <PaymentSummaryCard />
            <RecentResults query={results} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            {user && <ProfileCard user={user} />}
            <DailyQuizCard />
            <ChannelPreferencesCard />
            <EnrolmentCard />
            <MyAttendanceCard />
            <MaterialsCard />
            <FlashcardsCard />
          </div>
        </div>
      </div>
    </section>
  );
}
