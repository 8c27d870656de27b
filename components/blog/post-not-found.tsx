import { blogCopy } from "@/content/blog-page";
import { buttonVariants } from "@/components/ui/button";

export function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-slate-950">{blogCopy.notFound.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{blogCopy.notFound.text}</p>
      <a href="/blog" className={buttonVariants({ className: "mt-8" })}>
        {blogCopy.notFound.action}
      </a>
    </div>
  );
}
