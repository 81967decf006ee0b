import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";

/** The frame of an auth screen: a heading, a line of introduction and the form, in a narrow card. */
export function AuthPanel({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto w-full ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <h1 className="text-title font-semibold tracking-tight">{title}</h1>
      {intro ? <div className="mt-3 text-ink-muted">{intro}</div> : null}
      <div className="mt-8 rounded-card border border-line bg-surface p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

/** Auth screens in the default layout get the page's padding; /auth/login has the simple layout's. */
export function AuthPage({ children }: { children: ReactNode }) {
  return <Container className="py-10 sm:py-16">{children}</Container>;
}
