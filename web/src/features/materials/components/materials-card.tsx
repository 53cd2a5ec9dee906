import { FileText, Video } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStudentMaterials } from '../api/materials.ts';
import { publishedText } from '../format.ts';

/** The student dashboard's card: the three newest study materials and the way to all of them. */
export function MaterialsCard() {
  const list = useStudentMaterials();
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby="materials-card-title">
      <h2 id="materials-card-title" className="text-lg font-semibold text-slate-800">
        Study materials
      </h2>
      <div className="mt-3">
        <QueryState
          query={list}
          compact
          errorText={(e) => errorMessage(e, 'Could not load your study materials.')}
          isEmpty={(rows) => rows.length === 0}
          empty={<p className="text-sm text-slate-600">No study materials yet.</p>}
        >
          {(rows) => (
            <ul className="flex flex-col gap-2">
              {rows.slice(0, 3).map((m) => (
                <li key={m._id} className="flex items-start gap-2 text-sm">
                  {m.kind === 'pdf' ? (
                    <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  ) : (
                    <Video aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  )}
                  <span className="min-w-0 break-words">
                    <span className="font-medium text-slate-800">{m.title}</span>
                    <span className="block text-xs text-slate-500">
                      {m.subject} · {publishedText(m)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <Link to="/student/materials" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        All study materials
      </Link>
    </section>
  );
}
