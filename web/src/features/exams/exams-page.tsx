import type { ExamListItem } from '@app/common/schemas/exam-views';
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { useAdminExam, useDeleteExam, useExams, useSetExamActive } from './api/exams.ts';
import { ExamList } from './components/exam-list.tsx';
import { EXAM_UI } from './messages.ts';

// The exam form (paper editor, bank picker, react-hook-form) and the exceptions dialog load when first
// shown, so the list's initial JavaScript stays within scripts/bundle-budget.mjs; hovering or focusing
// "Create Exam" fetches the form ahead of the click.
const ExamForm = lazyWithPreload(() => import('./components/exam-form.tsx').then((m) => m.ExamForm));
const ExceptionsPanel = lazyWithPreload(() => import('./components/exceptions-panel.tsx').then((m) => m.ExceptionsPanel));
const preloadForm = { onPointerEnter: ExamForm.preload, onFocus: ExamForm.preload };

function FormLoading() {
  return (
    <div className="flex justify-center py-12">
      <Spinner label="Loading the exam form..." />
    </div>
  );
}

/** /admin/exams and /admin/exams/create: the same screen (docs/product.md section 2). `?edit={id}` edits an exam. */
export default function ExamsPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  const isCreating = pathname.replace(/\/$/, '').endsWith('/create');
  const backToList = () => navigate('/admin/exams');

  return (
    <AdminPage
      title="Exam Management"
      actions={
        !isCreating &&
        !editId && (
          <Link to="/admin/exams/create" className={buttonClass.primary} {...preloadForm}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Exam
          </Link>
        )
      }
    >
      {isCreating ? (
        <Suspense fallback={<FormLoading />}>
          <ExamForm exam={null} onDone={backToList} />
        </Suspense>
      ) : editId ? (
        <EditExam id={editId} onDone={backToList} />
      ) : (
        <ExamsList />
      )}
    </AdminPage>
  );
}

function EditExam({ id, onDone }: { id: string; onDone: () => void }) {
  const exam = useAdminExam(id);
  // The form's code loads while the exam is read, not after it.
  useEffect(() => {
    void ExamForm.preload();
  }, []);
  return (
    <QueryState query={exam} loadingText="Loading exam..." errorText={(e) => errorMessage(e, 'Failed to load the exam')}>
      {(data) => (
        <Suspense fallback={<FormLoading />}>
          <ExamForm key={data._id} exam={data} onDone={onDone} />
        </Suspense>
      )}
    </QueryState>
  );
}

function ExamsList() {
  const navigate = useNavigate();
  const exams = useExams();
  const setActive = useSetExamActive();
  const remove = useDeleteExam();
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (exam: ExamListItem) => exam._id,
    title: 'Delete exam',
    message: (exam) => (
      <>
        {EXAM_UI.deleteConfirm}
        <span className="mt-2 block font-semibold">{exam.title}</span>
      </>
    ),
    deleted: (data) => data?.message ?? 'Exam deleted successfully',
    failed: EXAM_UI.deleteError,
    closeOnError: true,
  });
  const [exceptionsFor, setExceptionsFor] = useState<ExamListItem | null>(null);

  const toggle = (exam: ExamListItem) =>
    setActive.mutate(
      { id: exam._id, isActive: !exam.isActive },
      {
        onSuccess: () => toast.success(`${exam.title} ${exam.isActive ? 'deactivated' : 'activated'}`),
        onError: (err) => toast.error(errorMessage(err, EXAM_UI.statusError)),
      },
    );

  return (
    <>
      <QueryState
        query={exams}
        loadingText="Loading exams..."
        errorText={(e) => errorMessage(e, 'Failed to load exams')}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No exams yet" hint="Create the first exam for your students.">
            <Link to="/admin/exams/create" className={`${buttonClass.primary} mt-2`} {...preloadForm}>
              <Plus aria-hidden="true" className="h-4 w-4" /> Create Exam
            </Link>
          </EmptyState>
        }
      >
        {(list) => (
          <ExamList
            exams={list}
            busyId={setActive.isPending ? (setActive.variables?.id ?? null) : null}
            onToggle={toggle}
            onEdit={(exam) => navigate(`/admin/exams?edit=${exam._id}`)}
            onDelete={deletion.ask}
            onExceptions={setExceptionsFor}
          />
        )}
      </QueryState>
      <LazyDialog open={exceptionsFor !== null}>
        <ExceptionsPanel exam={exceptionsFor} onClose={() => setExceptionsFor(null)} />
      </LazyDialog>
      {deletion.dialog}
    </>
  );
}
