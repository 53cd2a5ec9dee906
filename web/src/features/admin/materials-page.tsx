import { BookOpen } from 'lucide-react';
import { AdminPage } from '../../components/admin-page.tsx';

/** docs/product.md section 1: study-material management is only a placeholder saying it is coming soon. */
export default function MaterialsPage() {
  return (
    <AdminPage title="Study Materials">
      <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-10 text-center shadow-sm">
        <BookOpen aria-hidden="true" className="h-10 w-10 text-brand-700" />
        <h2 className="text-xl font-semibold text-slate-800">Coming soon</h2>
        <p className="max-w-md text-slate-600">
          Study-material management is coming soon. You will be able to upload notes, reading lists and practice papers for your students
          here.
        </p>
      </div>
    </AdminPage>
  );
}
