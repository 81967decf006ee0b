import { translator, type MessageSet } from "../translator";

/** The blog (routes/blog-*.tsx, features/blog/blog-components.tsx). */
export const blogMessages = {
  "blog.title": "Blog",
  "blog.home": "Home",
  "blog.page_title": "{name}, page {page}",
  "blog.list.title": "From the shop",
  "blog.list.intro": "Gift guides, reading lists, how we wrap and who we are: notes from our booksellers.",
  "blog.list.description": "Gift guides, reading lists and news from the booksellers of our shop.",
  "blog.category.description": "Posts about {name} from our booksellers.",
  "blog.tag.title": "Posts tagged {name}",
  "blog.tag.title_page": "Posts tagged {name}, page {page}",
  "blog.tag.description": "Posts tagged {name} from our booksellers.",
  "blog.tag.crumb": "#{name}",
  "blog.nav.categories_label": "Blog categories",
  "blog.nav.categories": "Categories",
  "blog.nav.all_posts": "All posts",
  "blog.nav.tags_label": "Blog tags",
  "blog.nav.tags": "Tags",
  "blog.posts": "Posts",
  "blog.no_posts": "No posts here yet: come back soon.",
  "blog.post.by": "By {author}",
  "blog.post.tags": "Tags",
  "blog.post.books": "Books in this post",
} as const satisfies MessageSet;

export const t = translator(blogMessages);
