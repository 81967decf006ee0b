import { FailedJobsCursorSchema, JobIdSchema } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-jobs";
import { SettingsNav } from "~/components/settings-fields";
import { ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "Failed jobs · Settings · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cursor = FailedJobsCursorSchema.safeParse(url.searchParams.get("before"));
  const before = cursor.success ? cursor.data : undefined;
  const { data } = await pageRead(request, context.get(apiContext).call("listFailedJobs", { query: { limit: 50, before } }));
  return {
    jobs: data.jobs,
    nextPage: data.nextBefore ? `?${new URLSearchParams({ before: data.nextBefore })}` : null,
    isFirstPage: !before,
  };
}

/** Puts a failed job back in its queue; the worker runs it again with its retries afresh. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "retry") throw new Response("Unknown action", { status: 400 });
  const here = `/settings/jobs${new URL(request.url).search}`;
  return handleForm(form, z.object({ id: JobIdSchema }), async ({ id }) => {
    const { data: job } = await context.get(apiContext).call("retryFailedJob", { params: { id } });
    return redirectWithMessage(request, here, `The ${job.queue} job is queued again.`);
  });
}

export default function SettingsJobs() {
  const { jobs, nextPage, isFirstPage } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Failed jobs" />
      <SettingsNav />
      <p className="mb-4 max-w-3xl text-sm">
        Background work (mails, payment checks, exports) that failed every retry, newest first. Retrying puts a job back in its queue; fix
        the cause first if its error names one.
      </p>
      {jobs.length === 0 ? (
        <p>{isFirstPage ? "No failed jobs." : "No older failed jobs."}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Failed jobs, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Queue
                </th>
                <th scope="col" className="px-3 py-2">
                  Failed
                </th>
                <th scope="col" className="px-3 py-2">
                  Made
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Retries
                </th>
                <th scope="col" className="px-3 py-2">
                  Last error
                </th>
                <th scope="col" className="px-3 py-2">
                  Retry
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => {
                const refusal = refusalFor(answer, "retry", job.id);
                return (
                  <tr key={job.id} className="border-b border-zinc-100 align-top last:border-0">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {job.queue}
                      <span className="block font-mono text-xs font-normal text-zinc-600">{job.id}</span>
                    </th>
                    <td className="px-3 py-2">{formatDateTime(job.failedAt)}</td>
                    <td className="px-3 py-2">{formatDateTime(job.createdAt)}</td>
                    <td className="px-3 py-2 text-right">{job.retryCount}</td>
                    <td className="max-w-md px-3 py-2 break-words">{job.error ?? "No message"}</td>
                    <td className="px-3 py-2">
                      <Form method="post">
                        <input type="hidden" name="id" value={job.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="retry"
                          aria-label={`Retry the ${job.queue} job ${job.id}`}
                          className="inline-flex items-center rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium text-zinc-900 hover:bg-zinc-100"
                        >
                          Retry
                        </button>
                      </Form>
                      {refusal ? (
                        <ErrorSummary errors={{ fields: {}, form: [...refusal.errors.form, ...Object.values(refusal.errors.fields)] }} />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of failed jobs" className="mt-4 flex gap-4">
        {!isFirstPage ? <Link to="/settings/jobs">Newest failed jobs</Link> : null}
        {nextPage ? <Link to={nextPage}>Older failed jobs</Link> : null}
      </nav>
    </>
  );
}
