import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/catalogue-import-progress";
import { Figures, IMPORT_STATE_LABELS, ImportState, ProblemsTable } from "~/components/catalogue-files-report";
import { ButtonLink, Card, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { importInProgress, importRefreshMeta } from "~/lib/catalogue-files";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Import ${data?.item.id ?? ""}: ${data ? IMPORT_STATE_LABELS[data.item.status] : ""} · Quire back office` },
  ...importRefreshMeta(data?.item.status),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: item } = await pageRead(
    request,
    context.get(apiContext).call("getCatalogueImport", { params: { id: idParamOf(params.id) } }),
  );
  return { item };
}

export default function CatalogueImportProgress() {
  const { item } = useLoaderData<typeof loader>();
  const settled = item.productsDone + item.productsFailed;
  const percent = item.products === 0 ? 100 : Math.floor((settled / item.products) * 100);
  return (
    <>
      <PageHeader title={`Import ${item.id}`}>
        <ImportState status={item.status} />
        <ButtonLink href="/products/import">All imports</ButtonLink>
      </PageHeader>
      <div className="flex flex-col gap-4">
        <Card title="Progress">
          <p className="mb-3 text-sm">
            State: <strong>{IMPORT_STATE_LABELS[item.status]}</strong>
            {importInProgress(item.status) ? " (this page updates itself every two seconds; you can leave it and come back)" : ""}.
          </p>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <label htmlFor="import-progress" className="text-sm font-medium">
              Products worked through
            </label>
            <progress
              id="import-progress"
              value={settled}
              max={Math.max(item.products, 1)}
              aria-describedby="import-progress-text"
              className="h-3 w-64 max-w-full"
            >
              {percent}%
            </progress>
            <span id="import-progress-text" className="text-sm tabular-nums">
              {settled} of {item.products} products ({percent}%)
            </span>
          </div>
          <Figures
            label="Counts"
            figures={[
              ["Rows in the file", item.rows],
              ["Products created", item.created],
              ["Products updated", item.updated],
              ["Products unchanged", item.unchanged],
              ["Products failed", item.productsFailed],
            ]}
          />
          <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-zinc-700">Format</dt>
            <dd>{item.format === "shopify" ? "Shopify" : "Quire"}</dd>
            <dt className="text-zinc-700">Asked by</dt>
            <dd>{item.requestedBy}</dd>
            <dt className="text-zinc-700">Asked</dt>
            <dd>{formatDateTime(item.createdAt)}</dd>
            <dt className="text-zinc-700">Started</dt>
            <dd>{formatDateTime(item.startedAt)}</dd>
            <dt className="text-zinc-700">Finished</dt>
            <dd>{formatDateTime(item.finishedAt)}</dd>
          </dl>
          {item.status === "succeeded" ? (
            <p className="mt-4 text-sm">
              <Link to="/products">See the products</Link>
            </p>
          ) : null}
        </Card>
        {item.errors.length > 0 || item.warnings.length > 0 ? (
          <Card title="Problems">
            <div className="flex flex-col gap-4">
              <ProblemsTable caption="Failures: these products were skipped" problems={item.errors} />
              <ProblemsTable caption="Warnings" problems={item.warnings} />
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}
