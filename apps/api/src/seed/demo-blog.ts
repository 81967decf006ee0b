import type { PageBlock } from "../modules/content/content.tables";

export interface DemoBlogCategory {
  slug: string;
  name: string;
  description: string;
}
export interface DemoBlogTag {
  slug: string;
  name: string;
}
export interface DemoBlogPost {
  slug: string; // lowercase a-z0-9 and hyphens, unique, at most 80 chars
  title: string; // at most 120 chars
  excerpt: string; // one or two sentences, at most 300 chars
  author: string; // e.g. "Priya Shah"
  publishedAt: string; // ISO date-time, UTC
  categories: string[]; // 1–2 slugs of DEMO_BLOG_CATEGORIES
  tags: string[]; // 1–4 slugs of DEMO_BLOG_TAGS
  heroAlt: string; // alt text describing the post's hero illustration
  relatedProductSlugs: string[]; // 0–4 product slugs that exist in the demo shop
  body: PageBlock[]; // only paragraph, heading and list blocks
}

/** The demo shop's blog categories, in the order the blog lists them. */
export const DEMO_BLOG_CATEGORIES: DemoBlogCategory[] = [
  {
    slug: "gift-guides",
    name: "Gift guides",
    description: "Books chosen for particular people and occasions, from new babies and weddings to birthdays and retirements.",
  },
  {
    slug: "reading-with-children",
    name: "Reading with children",
    description: "Board books, picture books, first chapter books and ideas for keeping children of every age reading.",
  },
  {
    slug: "reading-life",
    name: "The reading life",
    description: "Book clubs, inscriptions, looking after old books and the everyday pleasures of being a reader.",
  },
  {
    slug: "from-the-shop",
    name: "From the shop",
    description: "Behind the scenes at Quire Books: who we are, how we wrap and what happens to your order before it reaches you.",
  },
];

/** The demo shop's blog tags. */
export const DEMO_BLOG_TAGS: DemoBlogTag[] = [
  { slug: "christmas", name: "Christmas" },
  { slug: "mothers-day", name: "Mother's Day" },
  { slug: "fathers-day", name: "Father's Day" },
  { slug: "new-baby", name: "New baby" },
  { slug: "gift-wrapping", name: "Gift wrapping" },
  { slug: "cookery", name: "Cookery" },
  { slug: "gardening", name: "Gardening" },
  { slug: "nature-and-walking", name: "Nature and walking" },
  { slug: "book-clubs", name: "Book clubs" },
  { slug: "childrens-books", name: "Children's books" },
  { slug: "keepsakes", name: "Keepsakes" },
];

/** The demo shop's blog posts, newest first. Every word is original to the demo shop. */
export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    slug: "christmas-gift-guide-a-book-for-everyone",
    title: "Our Christmas gift guide: a book for everyone on your list",
    excerpt:
      "Twelve people, twelve books and one rule: buy for the person they are, not the person you wish they were. Here is where our booksellers would start this year.",
    author: "Hannah Pryce",
    publishedAt: "2026-10-29T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["christmas", "gift-wrapping"],
    heroAlt: "A pile of wrapped books beneath a sprig of holly, each parcel tied with a different coloured ribbon",
    relatedProductSlugs: ["the-last-guest-at-harrow-hall", "field-notes-from-blakeney", "the-family-quiz-book", "poems-for-christmas"],
    body: [
      {
        type: "paragraph",
        text: "Every year we promise ourselves we will start the Christmas shopping in October, and every year the first week of December arrives with the list still half written. So this year we have done some of the thinking for you. Our booksellers sat round the packing table with a pot of tea and argued, politely, until we had a book for every kind of person we could think of.",
      },
      {
        type: "paragraph",
        text: "The rule we kept coming back to is a simple one. Buy for the person they are, not the person you hope they might become. The uncle who reads a thriller every holiday does not secretly long for a book on philosophy; he wants a better thriller than the one he would have picked for himself.",
      },
      { type: "heading", text: "Twelve people, twelve books" },
      {
        type: "list",
        items: [
          "For the one who solves the murder before the detective does: The Last Guest at Harrow Hall, a proper puzzle with a remote island at the end of it.",
          "For the birdwatcher, or anyone who stops to look into hedges: Field Notes from Blakeney, which wears its science lightly.",
          "For a family who argue happily over board games: The Family Quiz Book, which opens with easy warm-up rounds and saves the fiendish ones for last.",
          "For a mum, a gran or a friend who keeps poems on the fridge: Poems for Christmas.",
          "For the walker who has climbed every hill nearby: The Fifty Peaks.",
          "For the cook who has everything: Sunday Soups, because nobody has enough soup recipes in January.",
          "For a teenager who claims to be too old for presents: What the River Knew.",
          "For a nine-year-old who reads under the covers: The Clockwork Fox.",
          "For a toddler: Goodnight, Little Owl, which survives being read twenty times in a row.",
          "For the history lover: A History of Britain in Fifty Objects.",
          "For someone who needs a rest more than a present: Notes on Rest.",
          "For the person you know least well: the Christmas Reading Gift Set, which does the choosing for you.",
        ],
      },
      { type: "heading", text: "Wrapping and posting" },
      {
        type: "paragraph",
        text: "Every book on this list can be wrapped in recycled paper, tied with cotton ribbon and sent with a card we write out by hand. If you are sending it straight to the person, give their address for delivery and we will leave out the price and the receipt. Orders placed by 2pm on a weekday leave our Bristol warehouse the same afternoon, though we would gently suggest not leaving it until the final week.",
      },
      {
        type: "paragraph",
        text: "If none of these feels quite right, write to us. Tell us who the book is for and one or two things they love, and a bookseller will reply with a suggestion, usually the same day. It is the best part of our job.",
      },
    ],
  },
  {
    slug: "picture-books-for-dark-winter-evenings",
    title: "Picture books for dark evenings: our winter bedtime shelf",
    excerpt:
      "When it is dark by half past four, bedtime stories start earlier and last longer. Ruth picks the picture books she reaches for first between October and February.",
    author: "Ruth Okafor",
    publishedAt: "2026-10-13T08:30:00Z",
    categories: ["reading-with-children", "gift-guides"],
    tags: ["childrens-books", "christmas"],
    heroAlt: "A bedroom window at night with a crescent moon outside and a small lamp lighting an open picture book",
    relatedProductSlugs: ["goodnight-little-owl", "goodnight-little-fox", "ivy-and-the-tiny-badger", "priya-and-the-hungry-hedgehog"],
    body: [
      {
        type: "paragraph",
        text: "Something changes in our house when the clocks go back. Tea is eaten with the curtains drawn, bath time drifts earlier, and the bedtime story, which in summer can be one hurried page before lights out, becomes the best twenty minutes of the day. My two would happily have five books a night in December if I let them.",
      },
      {
        type: "paragraph",
        text: "The books that work best in winter are not always the wintry ones. Small children like snow and stars, but what they really want at the end of a cold day is rhythm, a bit of silliness and an ending that lands softly. Here is the shelf I keep closest to the bed.",
      },
      { type: "heading", text: "Ruth's winter bedtime shelf" },
      {
        type: "list",
        items: [
          "Goodnight, Little Owl: a rhyming romp with jokes for the grown-up doing the reading, which matters by the twentieth time.",
          "Goodnight, Little Fox: a quieter book, and the one I choose when somebody is overtired.",
          "Ivy and the Tiny Badger: a story about an unexpected friend, with plenty of small details to spot together.",
          "Priya and the Hungry Hedgehog: funny and kind, and good for talking about sharing without a lecture.",
          "Squirrel Wants a Friend: short enough for the nights when everyone is running late.",
        ],
      },
      { type: "heading", text: "Making bedtime reading easier" },
      {
        type: "paragraph",
        text: "Let them choose one book and you choose the other. Children are far more patient with your favourite when they know theirs is coming next. It also stops the same book being read every night for a month, although that phase does pass, and it is worth letting it run its course.",
      },
      {
        type: "paragraph",
        text: "If you are buying for a child this Christmas, a picture book pairs beautifully with something small from the same world, such as a soft toy or a torch for reading under the covers. We wrap picture books flat with a sheet of card inside the paper, so the corners arrive sharp. Our card-writers are also very happy to write a message from Father Christmas, if you ask nicely.",
      },
    ],
  },
  {
    slug: "caring-for-old-books-foxing-spines-and-damp",
    title: "Caring for old books: foxing, loose spines and the trouble with damp",
    excerpt:
      "Plain advice from a bookseller for looking after the family copies, the school prizes and the paperbacks you could not bear to lose.",
    author: "Alistair Finch",
    publishedAt: "2026-09-17T10:00:00Z",
    categories: ["reading-life"],
    tags: ["keepsakes"],
    heroAlt: "An old cloth-bound book with a faded spine lying beside a soft brush and a folded cloth",
    relatedProductSlugs: ["thirty-poems-for-every-day", "a-year-in-the-wood", "the-wood-diaries"],
    body: [
      {
        type: "paragraph",
        text: "At least once a week someone writes to us about a book that is not one of ours. It is a grandmother's recipe book, or a prize from a school that closed years ago, or a children's annual with a name written inside in careful pencil. I spent fifteen years in the second-hand trade before I came to Quire, so these letters tend to land on my desk, and I love them.",
      },
      {
        type: "paragraph",
        text: "The good news is that most old books need less care than people think. The less good news is that the main threats are the ordinary things found in any house: sunlight, damp, heat and enthusiastic hands.",
      },
      { type: "heading", text: "The four enemies" },
      {
        type: "list",
        items: [
          "Damp. The brown freckles called foxing, and that musty smell, both come from moisture. Keep books away from outside walls and out of lofts, cellars and bathrooms.",
          "Sunlight. A sunny shelf will bleach a coloured spine to grey in a couple of summers. Move the bookcase, or draw the blind in the afternoon.",
          "Heat. Radiators and open fires dry out glue and make old paper brittle. A metre away is a good rule.",
          "Crowding and leaning. Books want to stand upright, snug but not squeezed. Lay very tall or heavy books flat.",
        ],
      },
      { type: "heading", text: "Small repairs, and when to stop" },
      {
        type: "paragraph",
        text: "A soft, clean paintbrush will lift dust from the top edges, which is where it settles. Take a book from the shelf by pushing in its neighbours and gripping the sides, not by tugging the top of the spine, which is how most spines get torn. If a page has come loose, tuck it back into place and leave it there. Please do not reach for sticky tape, which yellows, then lifts, then leaves a stain far harder to deal with than the original tear.",
      },
      {
        type: "paragraph",
        text: "For anything valuable, or a broken binding you would like mended properly, find a bookbinder. Many work from small workshops and are glad of the commission. A careful repair often costs less than people fear, and it can give a much-loved book another fifty years.",
      },
      {
        type: "paragraph",
        text: "And if you are giving a book you hope will be kept, choose a well-made edition in the first place. Good paper and a sturdy binding age gracefully. Some of the beautiful editions we stock, such as Thirty Poems for Every Day and A Year in the Wood, are exactly the kind of book that gets handed down.",
      },
    ],
  },
  {
    slug: "meet-the-bookseller-tomasz-in-the-wrapping-room",
    title: "Meet the bookseller: Tomasz, who runs our wrapping room",
    excerpt:
      "I have wrapped more books for Quire than anyone else. Here is a little about me: paper, ribbon, crime novels and the hill walks that keep me sane in December.",
    author: "Tomasz Nowak",
    publishedAt: "2026-08-26T09:00:00Z",
    categories: ["from-the-shop"],
    tags: ["gift-wrapping", "nature-and-walking"],
    heroAlt: "A work table with rolls of brown recycled paper and a spool of ribbon, with walking boots tucked underneath",
    relatedProductSlugs: ["death-at-rye", "the-lighthouse-keepers-alibi", "the-twenty-peaks", "a-walk-along-the-severn"],
    body: [
      {
        type: "paragraph",
        text: "Hello. I am Tomasz, and if you have ever received a parcel from Quire Books, there is a fair chance I folded the paper around it. I look after the wrapping room in our Bristol warehouse, which is a grand name for a long table, three rolls of paper, a drawer of ribbon and a radio that only picks up one station.",
      },
      {
        type: "paragraph",
        text: "I came to bookselling sideways. I trained as a carpenter, hurt my wrist, and took a Christmas job packing parcels for what I assumed would be six weeks. That was seven years ago. It turns out the same things matter in both trades: measure twice, keep your corners square and never rush the finish.",
      },
      { type: "heading", text: "Five questions for Tomasz" },
      {
        type: "list",
        items: [
          "The book you have given most often? Death at Rye. A snowbound house, a missing will and one of the best final chapters I know.",
          "What do you read on your days off? Crime, almost entirely. The Lighthouse Keeper's Alibi is my current favourite.",
          "Where would we find you at the weekend? Somewhere high and windy. My brother and I are slowly working through The Twenty Peaks.",
          "The strangest wrapping request? A book about canals, wrapped to look like a narrowboat. We managed it, roughly.",
          "Your one wrapping tip? Cut less paper than you think you need. Too much paper is what makes a parcel look lumpy.",
        ],
      },
      {
        type: "paragraph",
        text: "The part of the job I like best is the cards. Every message a customer types at checkout is written out by hand, in ink, by one of us. Most are short and some are very funny. Every so often one is so kind that the whole table goes quiet for a moment, and I think that is the point of what we do.",
      },
      {
        type: "paragraph",
        text: "If you ever want a book wrapped in a particular way, email us soon after you order and I will do my best. Within reason, that is. The narrowboat took me most of an afternoon.",
      },
    ],
  },
  {
    slug: "keeping-children-reading-over-the-summer-holidays",
    title: "Six weeks, lots of books: keeping children reading over the summer holidays",
    excerpt:
      "The long summer break can undo a year of reading habits, or make them. Ruth shares what works at home, with books for children from five to twelve.",
    author: "Ruth Okafor",
    publishedAt: "2026-07-16T09:00:00Z",
    categories: ["reading-with-children"],
    tags: ["childrens-books"],
    heroAlt: "A striped beach towel on the sand with a bucket, a sun hat and two children's books lying open",
    relatedProductSlugs: [
      "super-puffin-to-the-rescue",
      "the-smallest-dragon-of-aldbury",
      "tilly-fletcher-and-the-vanishing-island",
      "the-secret-of-tobermory",
    ],
    body: [
      {
        type: "paragraph",
        text: "Teachers talk about the summer slide: the way some children come back in September reading a little less confidently than when they left in July. It is real, but it is not inevitable, and the answer is not a pile of worksheets. It is making reading part of the holiday rather than a chore to finish before the fun begins.",
      },
      {
        type: "paragraph",
        text: "I have tried most things, with my own children and with the families who write to us, and the ideas that work are almost embarrassingly simple. Children read more when books are easy to reach, when they get to choose, and when they see the grown-ups around them reading too.",
      },
      { type: "heading", text: "What works in our house" },
      {
        type: "list",
        items: [
          "Pack a book for every day out, even the beach. Queuing for chips is prime reading time.",
          "Let them reread. A child racing through a favourite for the fourth time is building fluency, not wasting the summer.",
          "Start a series. Finishing book one and wanting book two is the best motivation there is.",
          "Keep reading aloud, even to confident readers. Together you can tackle books that would be a stretch alone.",
          "Sign up for your library's summer reading challenge, then let them choose one book of their own as a prize.",
        ],
      },
      { type: "heading", text: "Our picks by age" },
      {
        type: "paragraph",
        text: "For five to seven, try Super Puffin to the Rescue as a first book to read alone, or The Smallest Dragon of Aldbury at bedtime. For confident readers of eight and up, Tilly Fletcher and the Vanishing Island has short chapters and a cliffhanger at the end of almost every one. And for older children who insist there is nothing to read, The Secret of Tobermory is the book our staff children passed round last August until the cover came off.",
      },
      {
        type: "paragraph",
        text: "Above all, keep it light. If a book is not working after a couple of chapters, let them put it down without a fuss. The aim is a child who picks up a book in September because they want to, and that is worth far more than a reading log full of ticks.",
      },
    ],
  },
  {
    slug: "books-for-weddings-and-anniversaries",
    title: "Books for weddings and anniversaries: gifts that last longer than the cake",
    excerpt:
      "A book is an unusual wedding present, which is exactly why it gets remembered. Hannah on choosing one, and on what to write inside it.",
    author: "Hannah Pryce",
    publishedAt: "2026-06-24T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["keepsakes", "cookery"],
    heroAlt: "Two books tied together with a cream ribbon, surrounded by a scattering of pressed flowers",
    relatedProductSlugs: ["thirty-poems-for-every-day", "salt-and-honey", "sunday-suppers", "a-summer-wedding-in-hay"],
    body: [
      {
        type: "paragraph",
        text: "Wedding lists have their place, and nobody is going to turn down a good saucepan. But ask a couple ten years on which presents they still think about, and it is rarely the kitchenware. It is the thing someone chose with them in mind: a print, a letter, and quite often a book with a message written inside the cover.",
      },
      {
        type: "paragraph",
        text: "A wedding book works best when it does one of two jobs. Either it is something the couple will use together, week in and week out, or it is something lovely that marks the day and stays on the shelf for good.",
      },
      { type: "heading", text: "Books they will use together" },
      {
        type: "list",
        items: [
          "Sunday Suppers, for the couple who love having people round and need a few reliable crowd-pleasers.",
          "A Year of Roasts, which turns an ordinary Sunday lunch into an occasion.",
          "A Hundred Journeys Across Ireland, for planning the first few anniversary trips.",
        ],
      },
      { type: "heading", text: "Books to keep" },
      {
        type: "paragraph",
        text: "For a keepsake, poetry is hard to beat. Thirty Poems for Every Day is handsomely made, and many of its poems are short enough to read aloud at the reception if the couple are that way inclined. Salt and Honey is a generous collection that will be opened long after the confetti has been swept up. And for a friend who would rather have a novel, A Summer Wedding in Hay is a warm, funny read for the honeymoon.",
      },
      {
        type: "paragraph",
        text: "Anniversaries call for the same thinking, with one happy addition. Tradition gives the first wedding anniversary to paper, which we have always felt was decided with bookshops in mind. A first-anniversary book, wrapped in paper and sent with a handwritten card, ticks the box twice over.",
      },
      {
        type: "paragraph",
        text: "Whatever you choose, write in it. Date it, sign it and say something true. The inscription is the part they will read again and again.",
      },
    ],
  },
  {
    slug: "fathers-day-books-for-dads-who-say-they-dont-read",
    title: "Father's Day books for dads who say they don't read",
    excerpt:
      "Plenty of people who claim not to be readers read all the time: the sports pages, the crossword, the history of every railway line they pass. Alistair finds the book that fits.",
    author: "Alistair Finch",
    publishedAt: "2026-06-04T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["fathers-day", "nature-and-walking"],
    heroAlt: "A folded newspaper crossword, a pencil and a mug of tea beside a small stack of books",
    relatedProductSlugs: [
      "the-rye-crossword-collection",
      "the-railway-a-british-history",
      "running-to-edinburgh",
      "the-body-in-the-signal-box",
    ],
    body: [
      {
        type: "paragraph",
        text: "Every June we hear the same thing from customers buying for Father's Day: he doesn't really read. Then, in the same breath, they tell us he does the crossword every morning, knows the history of every steam engine in the county and has views on the cricket that he will share with anyone in range.",
      },
      {
        type: "paragraph",
        text: "That is a reader. He simply has not been given the right book yet. The trick is to start with what he already spends his time on, and find a book that goes a little deeper into it.",
      },
      { type: "heading", text: "Start with what he loves" },
      {
        type: "list",
        items: [
          "The crossword solver: The Rye Crossword Collection, which will last him well beyond the summer.",
          "The railway enthusiast: The Railway: A British History, or The Men Who Built the Railways for the human side of the story.",
          "The runner or walker: Running to Edinburgh, a long journey on foot told with good humour and plenty of blisters.",
          "The cricket watcher: Life at the Crease.",
          "The man who has seen every detective series on television: The Body in the Signal Box, a properly clued mystery.",
        ],
      },
      { type: "heading", text: "A word about length" },
      {
        type: "paragraph",
        text: "Someone who has fallen out of the habit of reading can be put off by a thick book before they open it. Short chapters help, and so do books made for dipping into, like a puzzle collection or a history told in short pieces. Nobody needs to read a present from cover to cover in a week for it to have been a good one.",
      },
      {
        type: "paragraph",
        text: "Father's Day is on Sunday 21 June this year. Order by 2pm on Thursday 18 June for next-day express delivery, or a few days earlier for standard post. We will happily wrap his book and write his card for you.",
      },
    ],
  },
  {
    slug: "what-to-give-a-gardener",
    title: "What to give a gardener who already owns every gardening book",
    excerpt:
      "Gardeners are generous people who are surprisingly hard to buy for. Alistair on finding something new for a shelf that already groans under seed catalogues.",
    author: "Alistair Finch",
    publishedAt: "2026-04-22T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["gardening"],
    heroAlt: "A terracotta pot of seedlings beside a trowel and a closed book with a leaf pressed between its pages",
    relatedProductSlugs: ["notes-from-a-padstow-garden", "the-scented-border", "a-year-on-the-allotment", "the-garden-lovers-gift-set"],
    body: [
      {
        type: "paragraph",
        text: "My father has gardened the same patch for forty years and owns, at the last count, sixty-odd books about it. He is not an easy man to buy for. Over time I have learned that the trick is not to find a gardening book he lacks, because there are none, but one that tells him something about gardens in a way he has not heard before.",
      },
      {
        type: "paragraph",
        text: "The best gardening books are not really manuals. They are about paying attention: to one particular plot, to a season, to the birds and insects that turn up once you stop tidying. Those are the books a seasoned gardener reads in the evening, long after the practical ones have gone back on the shelf.",
      },
      { type: "heading", text: "Four that passed my father's test" },
      {
        type: "list",
        items: [
          "Notes from a Padstow Garden: thirty years on a single plot, full of ideas for bringing in wildlife, even in a corner too small for a proper pond.",
          "The Scented Border: a whole book on planting for fragrance, which even experienced gardeners tend to overlook.",
          "A Year on the Allotment: month by month, honest about the failures and very good on slugs.",
          "The Garden Lover's Gift Set: for when you would like the whole present sorted in one go.",
        ],
      },
      { type: "heading", text: "For the new gardener" },
      {
        type: "paragraph",
        text: "Buying for someone with their first garden, or their first window box, is a different job. Practical books win here, particularly ones that do not assume acres of space. The Small Garden and Grow Your Own Herbs are both good places to start, and neither will make a beginner feel they are doing it all wrong.",
      },
      {
        type: "paragraph",
        text: "Spring is the perfect moment to give one. The evenings are lengthening, there is finally light after work, and every gardener, old or new, is itching to try something different this year.",
      },
    ],
  },
  {
    slug: "mothers-day-choosing-a-book-she-will-read",
    title: "Mother's Day: choosing a book she will actually read",
    excerpt:
      "Not a book she ought to read, and not one you secretly wanted for yourself. Hannah on picking a Mother's Day book that gets opened the same afternoon.",
    author: "Hannah Pryce",
    publishedAt: "2026-02-26T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["mothers-day", "cookery"],
    heroAlt: "A jug of daffodils next to a wrapped book and a handwritten card propped against it",
    relatedProductSlugs: ["autumn-at-the-tea-room", "notes-on-calm", "what-the-swifts-said", "bake-me-a-cake"],
    body: [
      {
        type: "paragraph",
        text: "Mother's Day falls on Sunday 15 March this year, which gives you a little over a fortnight. That is plenty of time, though we say so every year and still see a rush of orders on the Thursday before.",
      },
      {
        type: "paragraph",
        text: "The most common mistake we see is buying the book you think your mum should read: the self-improvement title, the prize-winner everyone is talking about, the cookbook full of ingredients she has never heard of. It is a kind thought, but such books tend to sit on the bedside table with a bookmark stuck at page twelve. It is better to think about what she picks up when nobody is choosing for her.",
      },
      { type: "heading", text: "Ideas for every kind of reader" },
      {
        type: "list",
        items: [
          "If she loves a warm, settled novel: Autumn at the Tea Room, which our own mums rate very highly.",
          "If she never gets a minute to herself: Notes on Calm, with short chapters for short breaks.",
          "If she keeps a poem pinned to the noticeboard: What the Swifts Said.",
          "If she bakes for everyone else: Bake Me a Cake, so that this time somebody might bake for her.",
          "If you really do not know: The Light at Saltcote, a book-club favourite that suits almost everyone.",
        ],
      },
      { type: "heading", text: "Make it more than the book" },
      {
        type: "paragraph",
        text: "A book becomes a present when you add something of yourself. Write a line on the card about why you chose it. Better still, promise to read it too and take her out for lunch to talk about it; several customers have told us this turned into a two-person book club that has lasted for years.",
      },
      {
        type: "paragraph",
        text: "We can wrap your book in recycled paper with a ribbon and write your message in ink. If you will not see her on the day, we can send it straight to her door with no price inside.",
      },
    ],
  },
  {
    slug: "running-a-book-club-that-lasts",
    title: "Running a book club that lasts: ten things we have learned",
    excerpt:
      "Many book clubs start with enthusiasm and fade by the fourth meeting. Ruth, who has run ours for six years, shares what keeps people coming back.",
    author: "Ruth Okafor",
    publishedAt: "2026-02-05T09:00:00Z",
    categories: ["reading-life"],
    tags: ["book-clubs"],
    heroAlt: "Five mismatched teacups around a table with a plate of biscuits and several open paperbacks",
    relatedProductSlugs: ["the-light-at-saltcote", "letters-from-calais", "the-mapmaker-of-padstow", "the-winter-of-1963"],
    body: [
      {
        type: "paragraph",
        text: "Our staff book club began six years ago with eight of us, a bottle of wine and a novel nobody had finished. It has survived two office moves, several babies and one very heated evening about an ending, and most months we still get six or seven round the table. Along the way we have made most of the mistakes there are to make.",
      },
      {
        type: "paragraph",
        text: "January is when a lot of new clubs start, and February is when a lot of them quietly stop. If yours is wobbling, or you are thinking of starting one, this is what I would tell you over a cup of tea.",
      },
      { type: "heading", text: "Ten things that help" },
      {
        type: "list",
        items: [
          "Keep it small. Six to eight people means everyone gets to speak.",
          "Fix the dates for the whole year, not month by month.",
          "Choose books under four hundred pages most of the time, and save the doorstops for summer.",
          "Take turns to choose, and agree that nobody has to defend their choice.",
          "Let people come even if they have not finished. They will finish next time.",
          "Start with how the book made people feel, not with a clever question about themes.",
          "Have one person ready with two or three questions in case the talk stalls.",
          "Keep the food simple, or it becomes a competition.",
          "Read something outside your usual range every few months.",
          "Write down everything you read. After a few years, the list becomes a record of your friendship.",
        ],
      },
      { type: "heading", text: "Books that always get people talking" },
      {
        type: "paragraph",
        text: "Some books reliably start an argument, in the best sense. The Light at Saltcote has characters that half the room will side with and half will not, and Letters from Calais divides people over its ending. The Mapmaker of Padstow and The Winter of 1963 both reward a group that enjoys a historical setting and a slow build.",
      },
      {
        type: "paragraph",
        text: "Book clubs buying five or ten copies of the same title get a lower price per copy automatically. If you would like a bookseller to suggest a year's worth of reading, email us with a few books your group has enjoyed and we will put a list together.",
      },
    ],
  },
  {
    slug: "how-we-wrap-a-book",
    title: "How we wrap a book: recycled paper, cotton ribbon and a card written in ink",
    excerpt:
      "What actually happens when you tick the gift-wrap box. Tomasz walks through our wrapping table step by step, and explains why there is no tape on the outside.",
    author: "Tomasz Nowak",
    publishedAt: "2026-01-14T09:00:00Z",
    categories: ["from-the-shop"],
    tags: ["gift-wrapping"],
    heroAlt: "Hands folding brown recycled paper around a book, with a roll of ribbon and a fountain pen nearby",
    relatedProductSlugs: ["birthday-reading-gift-set", "the-cosy-night-in-gift-set"],
    body: [
      {
        type: "paragraph",
        text: "People sometimes ask whether our gift wrap is done by machine. It is not, and no machine could cope with the shapes we send out in a single day: chunky board books, tall art books, slim poetry, boxed sets and the occasional gift set with a candle inside. Everything is wrapped by hand at one long table in our Bristol warehouse.",
      },
      {
        type: "paragraph",
        text: "January is our quietest month, so it felt like a good time to lift the lid. Here is what happens to your book between the moment you order and the moment it leaves us.",
      },
      { type: "heading", text: "From shelf to parcel" },
      {
        type: "list",
        items: [
          "We pick the book and check it over. A scuffed corner or a bent cover sends it back for a fresh copy.",
          "We cut the paper you chose at checkout from our three designs, all recycled and all recyclable at home.",
          "The book is wrapped with the folds underneath and held by a small strip of paper tape where nobody will see it.",
          "Cotton ribbon goes round twice and is tied in a flat bow, so it does not get crushed in the post.",
          "Your message is written out in ink on a plain card, read back by a second person and tucked under the ribbon.",
          "The wrapped book goes into a recycled box with paper padding, and off it goes.",
        ],
      },
      { type: "heading", text: "Why no glitter and no plastic" },
      {
        type: "paragraph",
        text: "Most shiny wrapping paper cannot be recycled, and glitter ends up everywhere, including places it should never be. We wanted wrapping that looks lovely and that the person opening it can put straight in the recycling without a second thought. The ribbon is cotton, so it can be used again, and a surprising number of people tell us they keep it.",
      },
      {
        type: "paragraph",
        text: "The card is the part we take most seriously. Please do write a message, even a short one. A few words in ink turn a parcel into a present, and we promise to get the spelling of your nephew's name right.",
      },
    ],
  },
  {
    slug: "a-december-day-in-the-wrapping-room",
    title: "A December day in the wrapping room",
    excerpt:
      "Hundreds of parcels, three rolls of paper a day and a radio playing the same carols on repeat. Tomasz describes a day at the busiest end of the year.",
    author: "Tomasz Nowak",
    publishedAt: "2025-12-09T09:00:00Z",
    categories: ["from-the-shop"],
    tags: ["christmas", "gift-wrapping"],
    heroAlt: "A long table covered in wrapped parcels of different sizes, with a string of paper stars hanging above it",
    relatedProductSlugs: ["christmas-reading-gift-set", "one-christmas-in-whitstable", "the-cosy-night-in-gift-set"],
    body: [
      {
        type: "paragraph",
        text: "For most of the year our wrapping room is a calm place. There are two of us at the table, a pot of tea and time to get every bow exactly right. From the first of December it turns into something else entirely, and I would not swap it for anything.",
      },
      { type: "heading", text: "How the day goes" },
      {
        type: "list",
        items: [
          "7.30am: the overnight orders are printed and sorted by paper, so we are not changing rolls every five minutes.",
          "9am: the card-writers arrive. This month there are four of us writing, and each of us guards a favourite pen jealously.",
          "11am: the first boxes are sealed and stacked by the door, ready for the afternoon collection.",
          "2pm: the cut-off. Everything ordered before now leaves today, and it does.",
          "4pm: the van goes. We sweep up the paper offcuts for recycling and save the ribbon ends in a jar for the craft table at our local library.",
        ],
      },
      {
        type: "paragraph",
        text: "The busiest days are usually in the second and third weeks of December, when people realise that the present for the aunt in Aberdeen will not post itself. We bring in extra hands, but the principle never changes. Every book is checked, every card is written by a person, and nothing leaves the room unless it looks like something we would be pleased to receive.",
      },
      { type: "heading", text: "What you are sending this year" },
      {
        type: "paragraph",
        text: "The messages this season have been a joy to write. There have been lots of grandparents sending books to grandchildren they will not see until the new year, and lots of friends sending the Christmas Reading Gift Set to someone who has had a hard twelve months. Our most wrapped book so far is One Christmas in Whitstable, closely followed by anything with a fox on the cover.",
      },
      {
        type: "paragraph",
        text: "If you are ordering for Christmas, the sooner the better, for your sake and ours. Check our delivery page for the last dates. If you are ever unsure whether something will arrive in time, email us and a real person will give you an honest answer.",
      },
    ],
  },
  {
    slug: "a-first-library-books-for-a-new-baby",
    title: "A first library: books to give a new baby",
    excerpt:
      "Everyone sends a babygro. Send a book instead, one that will be chewed, read a thousand times and finally kept in a box in the loft. Ruth's guide to the best first books.",
    author: "Ruth Okafor",
    publishedAt: "2025-11-19T09:00:00Z",
    categories: ["reading-with-children", "gift-guides"],
    tags: ["new-baby", "childrens-books", "keepsakes"],
    heroAlt: "A tiny knitted cardigan folded beside three chunky board books with rounded corners",
    relatedProductSlugs: ["touch-and-feel-on-the-farm", "who-says-moo", "splish-splash-dormouse", "little-otters-busy-day"],
    body: [
      {
        type: "paragraph",
        text: "New parents are given a great many tiny clothes, most of them outgrown before they have been worn twice. A book lasts longer. Sharing books with a baby from the first weeks is one of the easiest and nicest habits a family can start, and a board book given now may well be the one a five-year-old still asks for.",
      },
      {
        type: "paragraph",
        text: "Babies are not fussy readers, but they do have preferences. In the first year they love strong contrasts, faces, rhythm and anything they can touch. By their first birthday they want to join in: lifting flaps, making the animal noises and turning the pages themselves, usually three at a time.",
      },
      { type: "heading", text: "What to look for" },
      {
        type: "list",
        items: [
          "Board pages with rounded corners. They will be chewed, and that is a compliment.",
          "Textures to touch, or flaps sturdy enough to survive small fists.",
          "Rhyme and repetition, which babies love long before they understand the words.",
          "A short text that a tired parent can read at two in the morning without thinking.",
        ],
      },
      { type: "heading", text: "Four we give again and again" },
      {
        type: "paragraph",
        text: "Touch and Feel: On the Farm has soft textures on every spread and wipe-clean pages. Who Says Moo? is the book that coaxes the first animal noises out of most babies we know. Splish, Splash, Dormouse! is a bouncy read-aloud that begs to be sung, and Little Otter's Busy Day settles naturally into a bedtime routine.",
      },
      {
        type: "paragraph",
        text: "For a keepsake, write the date and a short message inside the front cover, or ask us to write it on a card and tuck it in. Many parents save that first book, and the inscription becomes part of the family story. If you would like to give a whole first library, three or four board books wrapped together make a present that gets used every single day.",
      },
    ],
  },
  {
    slug: "cookbooks-worth-giving",
    title: "Cookbooks worth giving: the ones that end up splattered",
    excerpt:
      "A good cookbook present is not the prettiest one on the table. It is the one still open by the hob six months later. Alistair on how to choose.",
    author: "Alistair Finch",
    publishedAt: "2025-10-02T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["cookery"],
    heroAlt: "An open cookbook propped against a jar of wooden spoons, its pages dusted with flour",
    relatedProductSlugs: ["sunday-soups", "bread-at-home", "fifty-ways-with-apples", "the-slow-table"],
    body: [
      {
        type: "paragraph",
        text: "I judge a cookbook by the state of it after a year. The great ones are stained, swollen and held open with a tin of tomatoes. The disappointing ones are still pristine, because somewhere around the third recipe the cook discovered they needed a blowtorch and a trip to a specialist grocer.",
      },
      {
        type: "paragraph",
        text: "So when I choose a cookbook as a present, I look for three things: recipes that work in an ordinary kitchen, ingredients you can buy on the high street, and a writer with enough personality that the book is worth reading in the bath. Autumn is the perfect time to give one, when the evenings draw in and cooking feels like a pleasure again.",
      },
      { type: "heading", text: "Four for the autumn kitchen" },
      {
        type: "list",
        items: [
          "Sunday Soups: a big, generous collection of soups and easy suppers that behave themselves in an ordinary kitchen.",
          "Bread at Home: for the friend who has been meaning to learn to bake a loaf for years.",
          "Fifty Ways with Apples: ideal for anyone with a tree in the garden and a glut every October.",
          "The Slow Table: unhurried weekend cooking for people who like to feed a crowd.",
        ],
      },
      { type: "heading", text: "Matching the book to the cook" },
      {
        type: "paragraph",
        text: "For a nervous beginner, choose a book on one subject rather than a general doorstop: soups, bread or puddings. Mastering one thing gives confidence. For an experienced cook, go the other way and choose a book with a strong sense of place, such as The Lyme Cookbook or The Blakeney Cookbook, which will give them dishes they would not have found on their own.",
      },
      {
        type: "paragraph",
        text: "If you want to make it a bigger present, The Kitchen Table Gift Set and The Cook's Gift Box put a book together with a few good things for the kitchen, already chosen. Either way, we will wrap it and write the card, so all you have to do is wait to be invited round for supper.",
      },
    ],
  },
  {
    slug: "meet-the-bookseller-ruth-our-childrens-buyer",
    title: "Meet the bookseller: Ruth, who chooses our children's books",
    excerpt:
      "Ruth reads several hundred children's books a year so that we can stock the best of them. Hannah asked her how she chooses, and which book she would save from a fire.",
    author: "Hannah Pryce",
    publishedAt: "2025-09-10T09:00:00Z",
    categories: ["from-the-shop"],
    tags: ["childrens-books", "new-baby"],
    heroAlt: "A small armchair surrounded by tall, colourful stacks of children's books",
    relatedProductSlugs: ["where-is-alfies-hat", "ivy-okoro-and-the-midnight-library", "mole-wants-a-friend", "who-ate-arlos-lunch"],
    body: [
      {
        type: "paragraph",
        text: "If you have ever asked us for a book for a small person, the answer almost certainly came from Ruth. She joined Quire four years ago after a decade as a primary school librarian, and she now chooses every children's book we stock, from board books for newborns to novels for twelve-year-olds who think they have read everything.",
      },
      {
        type: "paragraph",
        text: "By her own estimate she reads four or five hundred children's books a year. She reads most of them aloud, at least in part, because a picture book that looks lovely on the page can fall flat once you actually say the words. I caught her between two very tall piles to ask a few questions.",
      },
      { type: "heading", text: "Five questions for Ruth" },
      {
        type: "list",
        items: [
          "How do you decide what to stock? I ask whether a child would choose it, and whether a parent would be happy to read it for the fiftieth time. It needs both.",
          "Your favourite kind of order? A new-baby bundle. Choosing three board books for a family I will never meet is the nicest job in the building.",
          "A picture book everyone should own? Where Is Alfie's Hat? It is very funny, and the ending makes toddlers shriek.",
          "And for older children? Ivy Okoro and the Midnight Library, for any child who has ever wanted to be locked in a library overnight.",
          "Which book would you save from a fire? My own battered childhood book of fairy tales. Not one of ours, I am afraid.",
        ],
      },
      {
        type: "paragraph",
        text: "Ruth also writes many of our posts about reading with children, and she answers the emails that begin, 'My grandson is seven and only likes dinosaurs.' She says those are her favourite puzzles. She has not been beaten yet.",
      },
      {
        type: "paragraph",
        text: "If there is a child in your life who needs a book, write to us. Tell Ruth their age and what they love, and she will find something they will not want to put down.",
      },
    ],
  },
  {
    slug: "books-for-walkers-hills-rivers-and-the-bothy",
    title: "Books for walkers: hills, rivers and something good for the bothy",
    excerpt:
      "For the person who plans every holiday around footpaths, the best presents are the ones that inspire the next walk. Tomasz picks books for walkers, in good time for Father's Day.",
    author: "Tomasz Nowak",
    publishedAt: "2025-06-04T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["nature-and-walking", "fathers-day"],
    heroAlt: "A winding footpath over green hills, with a rucksack and a folded map resting beside the track",
    relatedProductSlugs: ["the-fifty-peaks", "a-walk-along-the-severn", "slow-roads-through-wales", "notes-from-a-moor"],
    body: [
      {
        type: "paragraph",
        text: "My brother and I try to get up a hill at least once a month. Between us we have worn out several pairs of boots and one very patient dog. Over the years I have also given him most of the walking books we stock, so I have had plenty of feedback on what a walker actually wants to read.",
      },
      {
        type: "paragraph",
        text: "The answer is not usually route guides, because walkers tend to have their maps sorted already. What they love is a book that makes them want to go somewhere new, or one that helps them notice more on the paths they know by heart.",
      },
      { type: "heading", text: "For the person who walks" },
      {
        type: "list",
        items: [
          "The Fifty Peaks: a hill-lover's wish list that will keep anyone busy for years.",
          "A Walk Along the Severn: a long river journey in twelve stops, funny and curious.",
          "Slow Roads Through Wales: for planning a walking holiday somewhere wilder.",
          "Notes from a Moor: for anyone who stops halfway up to look at the birds.",
          "Into the Mountains: big adventures to read about from a comfortable chair.",
        ],
      },
      { type: "heading", text: "And one for the evening" },
      {
        type: "paragraph",
        text: "Every walker needs one more book, for the pub, the bunkhouse or the bothy: something gripping enough to read by head torch. A detective story set somewhere remote does the job nicely, and my pick this summer is A Quiet Kind of Silence. Choose a paperback if you can, which counts for a lot when you are carrying everything up a hill.",
      },
      {
        type: "paragraph",
        text: "Father's Day is on Sunday 15 June, and walking books make very good presents for it. We can wrap them and write his card, so you do not even have to find a pen that works.",
      },
    ],
  },
  {
    slug: "starting-a-family-book-club",
    title: "Starting a family book club, and why we never stopped reading aloud",
    excerpt:
      "Children do not grow out of being read to; adults just stop offering. Ruth on reading aloud to older children, and the family book club that grew out of it.",
    author: "Ruth Okafor",
    publishedAt: "2025-05-07T09:00:00Z",
    categories: ["reading-with-children", "reading-life"],
    tags: ["book-clubs", "childrens-books"],
    heroAlt: "Three people of different ages curled on a sofa under a blanket, sharing a lamp and an open book",
    relatedProductSlugs: ["a-girl-called-ada", "the-clockwork-mole", "keeper-of-the-clocks", "the-moonfleet-chronicles"],
    body: [
      {
        type: "paragraph",
        text: "When my eldest learned to read on her own, I assumed bedtime stories were coming to an end. She quickly put me right. Reading by herself was for the daytime, she said, and being read to was something else entirely. She was eight then and she is thirteen now, and we are still going, though these days we take turns.",
      },
      {
        type: "paragraph",
        text: "Reading aloud to a child who can already read has real benefits. You can share books that are a little beyond them, explain a word without breaking the flow, and talk about the hard parts of a story as they happen. Mostly, though, it is simply time together that nobody is rushing.",
      },
      { type: "heading", text: "How our family book club works" },
      {
        type: "list",
        items: [
          "Once a month one of us picks a book, and the rest of the family reads it at some point.",
          "We meet on a Sunday afternoon with cake, and whoever chose the book asks the first question.",
          "Anyone may give up on a book, but they have to explain why.",
          "The grandparents join by video call, and they are by far the harshest critics.",
        ],
      },
      { type: "heading", text: "Books to start with" },
      {
        type: "paragraph",
        text: "Choose books that work on two levels, so the adults are not just being patient. A Girl Called Ada went down brilliantly in our house, with an argument about the ending that lasted a week. The Clockwork Mole and Keeper of the Clocks are both clever enough to hold a grown-up's attention, and a boxed set such as The Moonfleet Chronicles saves you the trouble of choosing for a few months.",
      },
      {
        type: "paragraph",
        text: "Start small: one book, one afternoon, one slice of cake. If it sticks, you will have something that lasts well into the teenage years, which is exactly when you will be most grateful for any excuse to sit in the same room.",
      },
    ],
  },
  {
    slug: "what-to-write-inside-a-book-you-are-giving",
    title: "What to write inside a book you are giving",
    excerpt:
      "With Mother's Day less than a fortnight away, our card-writers are busy. Hannah on inscriptions: when to write in the book itself, and what to say when words fail you.",
    author: "Hannah Pryce",
    publishedAt: "2025-03-19T09:00:00Z",
    categories: ["reading-life", "from-the-shop"],
    tags: ["mothers-day", "keepsakes", "gift-wrapping"],
    heroAlt: "An open book with a short handwritten inscription on the first blank page and a fountain pen resting across it",
    relatedProductSlugs: ["poems-for-friends", "the-small-hour", "everything-we-kept"],
    body: [
      {
        type: "paragraph",
        text: "Mother's Day is on Sunday 30 March, and the card-writing end of our table is already busy. Every year the messages remind us how hard people find it to write something in a present. Customers apologise in the message box, sometimes at length, for not being good with words. Please do not worry: the people you are writing to are not marking your work.",
      },
      {
        type: "paragraph",
        text: "An old second-hand bookseller once told me that inscriptions are what make books precious to their owners, whatever a dealer might say they are worth. I think about that often. The printed pages are the same in every copy, and the few lines at the front are the only part that belongs to one person.",
      },
      { type: "heading", text: "Card or flyleaf?" },
      {
        type: "paragraph",
        text: "Our handwritten card is a good choice when you are sending the book straight to someone, or when you are not sure they would want it written in. Writing on the flyleaf, the blank page at the front, is more personal and more permanent. If it is a book they will keep for years, write in it; if it is a novel they are likely to lend to a friend, perhaps keep your words to the card.",
      },
      { type: "heading", text: "If you are stuck" },
      {
        type: "list",
        items: [
          "Say why you chose this book for them in particular.",
          "Mention a memory the book brought back for you.",
          "Add the date and, if there is one, the occasion. Future readers will thank you.",
          "Keep it short. Two honest sentences beat a paragraph you struggled over.",
          "Sign it with the name they call you, not the one on your passport.",
        ],
      },
      {
        type: "paragraph",
        text: "If you choose the card, we will write your message out in ink and check the spelling twice. And if you would like the book to do some of the talking, a short poetry collection such as Poems for Friends or The Small Hour makes a lovely Mother's Day present.",
      },
    ],
  },
  {
    slug: "small-thank-you-books-for-teachers-neighbours-and-hosts",
    title: "Small thank-yous: books for teachers, neighbours and dinner-party hosts",
    excerpt: "Not every present needs a big occasion. Hannah on the little books that say thank you better than a bottle of wine.",
    author: "Hannah Pryce",
    publishedAt: "2025-02-12T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["cookery", "gardening"],
    heroAlt: "A slim wrapped book on a doorstep with a sprig of rosemary tucked under its ribbon",
    relatedProductSlugs: ["flour-butter-honey", "grow-your-own-herbs", "the-little-book-of-kindness", "poems-for-friends"],
    body: [
      {
        type: "paragraph",
        text: "Some of the most satisfying books we send are not birthday or Christmas presents at all. They are thank-yous: for the neighbour who took in parcels for a month, the friend who cooked dinner for eight, the teacher who finally got a reluctant reader going. A book shows you thought about the person, not just the favour.",
      },
      {
        type: "paragraph",
        text: "The best thank-you books are small, not too expensive, and matched to the person rather than the occasion. They should be easy to receive, too. A vast hardback can feel like an obligation, whereas a slim book with a good card is simply a pleasure.",
      },
      { type: "heading", text: "Ideas for the people who help" },
      {
        type: "list",
        items: [
          "For a host who loves to cook: Flour, Butter, Honey, a baking book that will still be in use long after the wine would have gone.",
          "For the neighbour who watered your tomatoes while you were away: Grow Your Own Herbs.",
          "For a teacher at the end of term: The Little Book of Kindness.",
          "For a friend who saw you through a hard time: Poems for Friends.",
          "For someone who does everything for everyone: Rest Is Not a Reward.",
        ],
      },
      { type: "heading", text: "A note on presents for teachers" },
      {
        type: "paragraph",
        text: "Teachers receive a great many mugs. If you would like to do something different, a book for the class library with a card signed by your child keeps on giving long after the summer term ends. Ask us to suggest something for the right age group and we will find a title the class will squabble over.",
      },
      {
        type: "paragraph",
        text: "We are happy to leave the price out of the parcel and send your thank-you straight to the door, wrapped, with your words written out in ink. It is a small thing, but people remember it.",
      },
    ],
  },
  {
    slug: "retirement-gifts-books-for-the-first-year-of-freedom",
    title: "Retirement gifts: books for the first year of freedom",
    excerpt:
      "After forty years of alarm clocks, a retirement deserves better than a carriage clock. Alistair picks books for new projects, long walks and the allotment waiting list.",
    author: "Alistair Finch",
    publishedAt: "2025-01-14T09:00:00Z",
    categories: ["gift-guides"],
    tags: ["gardening", "nature-and-walking"],
    heroAlt: "A garden bench in low winter sunshine, with a flask, a pair of gloves and a closed book",
    relatedProductSlugs: [
      "grow-your-own-vegetables",
      "the-twenty-peaks",
      "a-history-of-britain-in-twenty-journeys",
      "the-big-book-of-crosswords",
    ],
    body: [
      {
        type: "paragraph",
        text: "January seems to be a popular month for retiring. Perhaps it is the appeal of a fresh start, or simply that nobody wants to leave a job in the middle of the Christmas rush. Either way, we are answering lots of requests for leaving presents at the moment, and the same question keeps coming up: what do you give someone who suddenly has all the time in the world?",
      },
      {
        type: "paragraph",
        text: "The best retirement books look forward, not back. They suggest a project, a place to go or a skill to learn, and they make an empty diary feel like an opportunity rather than a worry. A book of office memories is sweet, but a book that gets someone out of the house is better.",
      },
      { type: "heading", text: "Books for a new chapter" },
      {
        type: "list",
        items: [
          "For someone who has always said they would grow their own: Grow Your Own Vegetables, the most practical place to start.",
          "For the would-be hill walker: The Twenty Peaks, a challenge that can be spread across a year.",
          "For the traveller with a railcard and the time to use it: A History of Britain in Twenty Journeys.",
          "For slow mornings with a pot of coffee: The Big Book of Crosswords.",
          "For somebody who has always meant to learn to paint: The Watercolour Handbook.",
        ],
      },
      { type: "heading", text: "A present from the whole office" },
      {
        type: "paragraph",
        text: "If the whole team is chipping in, consider two or three books on one theme, wrapped together with a single card. A gardening bundle or a walking bundle feels like a proper plan for the year ahead. We can write out a long message from everyone, and we have written some very funny ones.",
      },
      {
        type: "paragraph",
        text: "Whatever you choose, it is worth asking the person's partner or closest friend what they have been talking about doing. Most people about to retire have a secret plan, and a book is a lovely way of telling them you noticed.",
      },
    ],
  },
];
