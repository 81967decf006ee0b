import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/customers-messages";
import { Pager, pageNumberOf } from "~/components/pager";
import { PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime, words } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Contact messages · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminContactMessages", { query: { PageNumber: pageNumberOf(url), PageSize: 25 } }),
  );
  return { messages: data, search: url.search };
}

export default function ContactMessages() {
  const { messages, search } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Contact messages" />
      {messages.results.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages, newest first">
          {messages.results.map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`message-${message.id}`} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
                <h2 id={`message-${message.id}`} className="text-base font-semibold">
                  {words(message.subject)} · {message.reference}
                </h2>
                <p className="text-sm text-zinc-700">
                  From {message.name} (<a href={`mailto:${message.email}`}>{message.email}</a>)
                  {message.customerId ? (
                    <>
                      {" "}
                      · <Link to={`/customers/${message.customerId}`}>their account</Link>
                    </>
                  ) : null}{" "}
                  · {formatDateTime(message.sentAt)}
                </p>
                <p className="mt-2 text-sm whitespace-pre-line">{message.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager search={search} pageNumber={messages.pageNumber} totalPages={messages.totalPages} label="Pages of messages" />
    </>
  );
}
