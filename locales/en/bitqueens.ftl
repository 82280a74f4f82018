# bitqueens, English: the source catalog. Every other catalog (locales/<locale>/bitqueens.ftl)
# has exactly these keys, each with the same placeables ({ $n } …); npm run i18n:check says
# so. Keys are named by feature: masthead-…, language-…, count-…, duration-…
# Numbers reach a message already grouped by the page's locale (Intl.NumberFormat); where
# a sentence says a number, a select on it picks the CLDR plural category ([one], [few],
# [many], *[other]…). Bit strings, masks, code and "N" stay as they are in every language.
# Text only: no markup (the page writes every message with textContent).

## The masthead

masthead-what = N queens, none attacking another, placed one bit operation at a time.
# The button that opens the legend: $masks is "ld, col, rd", the masks' names (code).
masthead-legend = What { $masks } mean
masthead-class = Live class
    .title = A live class: your board on every student’s screen, the room’s answers as a histogram
masthead-theme = Theme
masthead-theme-system = System
masthead-theme-light = Light
masthead-theme-dark = Dark
masthead-lessons = Lessons
masthead-lessons-choose = choose a lesson
masthead-lessons-hint = The arrow keys choose a lesson, Enter opens it.
masthead-presenter = Presenter
    .title = Board, masks and narration full screen, for a clicker: Page Down / Page Up, B blanks
masthead-projector = Projector
    .title = Large type and high contrast for a classroom
masthead-keyboard = Keyboard ?
    .title = Keyboard shortcuts (?)

## The notice at the top of the page: a count kept from an earlier visit (count-notice says it)

count-notice-group =
    .aria-label = Count kept from an earlier visit
count-notice-resume = Resume it
count-notice-later = Later

## The Language menu (each language is named in itself, not here)

language-label = Language
language-hint = The arrow keys choose a language, Enter switches to it.

## A board size typed (www/shared/board-size.js)

board-size-empty = Board size is empty: type a whole number from 1 to { $max }.
board-size-not-whole = Board size “{ $typed }” is not a whole number: use 1 to { $max }.
board-size-out-of-range = Board size { $typed } is out of range: use 1 to { $max }.
board-size-not-number = Board size is not a number: use 1 to { $max }.

## Durations and rates (count panel)

duration-none = –
duration-under-ms = < 1 ms
duration-ms = { $ms } ms
duration-s = { $s } s
duration-min-s = { $min } min { $s } s
duration-h-min = { $h } h { $min } min
duration-days = { $count ->
    [one] { $days } day
   *[other] { $days } days
}
duration-years = { $count ->
    [one] { $years } year
   *[other] { $years } years
}
duration-million-years = { $millions } million years
duration-power-years = { $mantissa } × 10^{ $exponent } years
rate-million = { $millions } M { $unit }/s
rate-plain = { $perSecond } { $unit }/s
workers = { $count ->
    [one] { $workers } worker
   *[other] { $workers } workers
}

## Count all solutions (www/count/)

count-title = Count all solutions
count-title-note = off the main thread, in Web Workers
count-size = Size to count
count-device = Count on
count-device-label =
    .title = The GPU counts the core's split of the board: the first rows preset, one GPU invocation for each way to fill them
count-device-cpu = the CPU
count-device-gpu = the GPU: { $name }
count-workers = Workers
count-workers-all = { $workers } (one per core)
count-method = Method
count-method-label =
    .title = Meet in the middle joins east and west half-boards (the fastest); Backtracking searches the whole board, as the player does
count-keep = Keep progress
count-keep-label =
    .title = Keep each finished sub-problem in this browser (IndexedDB), so that a reload, a crash or a closed tab can be resumed
count-all = Count all
count-race = Race the counters
    .title = The same N counted one after another by the classic JS recursion, the plain bitmask in wasm and the backtracking counter in wasm (the fast one of the three), each on one worker
count-cancel = Cancel
count-race-rows =
    .aria-label = Race
count-saved =
    .aria-label = Unfinished count
count-resume = Resume
count-discard = Discard
count-confirm =
    .aria-label = Confirm a long count
count-confirm-yes = Count anyway
count-confirm-no = Don’t
count-progress-bar =
    .aria-label = Count progress
count-intro = Counts every solution of the board size above, shared between workers: by meeting in the middle (east and west half-boards joined where their diagonals are disjoint), or by the backtracking counter (full symmetry, lookahead).
count-table-box =
    .aria-label = Table of the counts this visit
count-table =
    .aria-label = Counts this visit
count-table-n = N
count-table-method = Method
count-table-solutions = Solutions
count-table-unique = Unique
count-table-published = Published (OEIS)
count-table-time = Time
count-table-workers = Workers
count-table-speed = Speed
count-table-agree = { $total } / { $unique } ✓
count-table-differ = { $total } / { $unique } ✗ differs
count-table-resumed = { $time } (resumed: the rest only)
count-table-gpu = GPU
count-chart =
    .aria-label = Counting time against N, log scale
count-chart-line = { $workers }, { $method }

# The counting methods, by the core's slug: the name in a sentence, in the Method menu, and
# the unit of their work.
count-method-meet = meeting in the middle
count-method-backtrack = backtracking
count-method-gpu = the GPU (one invocation per partial board)
count-method-option-meet = Meeting in the middle
count-method-option-backtrack = Backtracking
count-unit-meet = half-boards
count-unit-backtrack = nodes
count-unit-gpu = solutions

# The race of the counters (counter-race.js): one row per counter.
count-race-title = Race at N = { $n }, one worker each
count-racer-plain-js-name = Plain JS recursion
count-racer-plain-js-detail = the classic blog version: recursive bitmask, no symmetry
count-racer-plain-wasm-name = Plain bitmask in wasm
count-racer-plain-wasm-detail = the same search, in Rust compiled to WebAssembly
count-racer-fast-name = Backtracking counter in wasm
count-racer-fast-detail = full symmetry by static per-row rules, lookahead, iterative loop
count-racer-waiting = waiting
count-racer-running = running: { $time }, { $rate }
count-racer-done = { $total } solutions{ $verdict } in { $time }, { $rate }{ $faster }
count-racer-matches = {" "}✓ matches OEIS
count-racer-differs = {" "}✗ differs from OEIS
count-racer-faster = , { $times }× the plain JS speed
count-racer-cancelled = cancelled
count-racer-failed = failed

# A size typed while something runs: the size typed is for the next count.
count-next-size = N = { $typed }
count-next-size-empty = The size typed
count-resized-counting = The count of N = { $n } goes on. { $next } is for the next count: press Count all when this one ends, or Cancel it first.
count-resized-racing = The race at N = { $n } goes on. { $next } is for the next race or count: press it when this race ends, or Cancel it first.
# What runs now, said by the held buttons and when another start is pressed.
count-busy-counting = The count of N = { $n } is still going: wait for it or press Cancel first.
count-busy-racing = The race is still going: wait for it or press Cancel first.
count-busy-confirming = A long count is waiting for your answer: press Count anyway or Don’t first.
count-busy-checking = A shard is being checked: wait for it or press Cancel first.
count-busy-loading = A kept count is being read: wait a moment.
count-gpu-holds = The GPU counts by its own split of the board, in one go: this is for the CPU’s workers.
count-too-large = Counting goes up to { $largest }: N = { $above } would take days in a browser. The player above goes up to { $player }.
count-too-large-gpu = Counting goes up to { $largest }. The player above goes up to { $player }.
# A size refused ($why, a board-size-… sentence), then why this panel stops below the player's largest.
count-size-refused = { $why } { $more }
count-gpu-lost = The GPU was lost ({ $reason }): counting goes on from chunk { $chunk } of { $chunks } on a new one.
count-race-too-large = The race goes up to { $largest }: at { $above } the plain JS recursion alone takes over a minute. Use Count all for larger boards.
count-confirm-question = Counting N = { $n } on { $workers } takes about { $time } on this computer. Count anyway?
count-confirm-question-memory = Counting N = { $n } on { $workers } takes about { $time } on this computer, with about { $mib } MiB of memory for each worker. Count anyway?
count-not-counted = N = { $n } not counted.
count-unique-step = Counting the solutions that a half turn or a quarter turn leave unchanged, for the unique count…
count-keep-failed = The progress could not be kept ({ $error }): the count goes on, but a reload can resume only what was kept before.
count-forget-failed = The kept progress could not be removed
count-failed = The count failed
count-list-changed = The saved progress of N = { $n } was made on another list of sub-problems (by another version of this page): it can't be added to this one's. It was discarded: press Count all to count N = { $n } from the start.
count-discarded = The kept progress of N = { $n } was discarded.
count-cancelled = Cancelled.
count-panel-closed = Panel closed: the count was cancelled.

# Starting.
count-start = Counting N = { $n } on { $workers }…
count-start-gpu = Counting N = { $n } on the GPU ({ $name })…
count-start-resume = Resuming N = { $n } on { $workers }: { $kept } of { $total } sub-problems were kept…
count-start-check = Checking { $what } of N = { $n }: counting { $sample } of its { $parts } sub-problems again…
count-start-race = Race at N = { $n }: each counter in turn on one worker…
count-race-done = Race at N = { $n } finished.
count-checked = Checked in { $time }.

# The progress line: "1,234 of 5,000 sub-problems · 173 M nodes/s · 4.21 s elapsed …"
count-progress = { $done } of { $of } sub-problems · { $rate } · { $time } elapsed{ $left }{ $kept }
count-progress-gpu = { $done } of { $of } chunks of partial boards · { $rate } · { $time } elapsed{ $left }{ $kept }
count-progress-left = {" "}· about { $time } left
count-progress-kept = {" "}· { $kept } kept in this browser

# A count stopped.
count-stopped = { $why } Stopped after { $time }; every worker was stopped.{ $resume }
count-stopped-gpu = { $why } Stopped after { $time }; the GPU stopped after the chunk it was counting.{ $resume }
count-stopped-all-kept = {" "}Every sub-problem ({ $of }) was counted and is kept; only the unique count was left: Resume makes it.
count-stopped-some-kept = {" "}What was counted is kept ({ $kept } of { $of } sub-problems): Resume goes on from there.
count-stopped-kept = {" "}What was counted is kept: Resume goes on from there.

# Kept counts offered back.
count-notice = A count of N = { $n } ({ $method }) was left unfinished in this browser: { $done } of { $total } sub-problems are kept. Resume it to count the rest, in the count panel below.
count-offer = An unfinished count of N = { $n } ({ $method }): { $done } of { $total } sub-problems counted and kept in this browser (last { $time }). Resume counts the rest; Count all starts again from zero.{ $more }
count-offer-more = {" "}Also kept: N = { $sizes } (type its size to resume it).

# The result.
count-all-kept = All { $total } sub-problems were counted before and kept: nothing was left to count ({ $method }).
count-all-kept-unique = All { $total } sub-problems were counted before and kept: nothing was left to count but the unique count, made now ({ $method }).
count-done = Counted in { $time } on { $where }, { $rate }, by { $method }.{ $kept }
count-done-kept = {" "}{ $kept } of { $total } sub-problems were kept from before.
count-on-gpu = the GPU ({ $adapter })
count-gpu-split = { $rows ->
    [one] {" "}The first row was preset: { $boards } partial boards (first queen in the left half, each standing for its mirror image too), one GPU invocation each, in { $chunks } chunks.
   *[other] {" "}The first { $rows } rows were preset: { $boards } partial boards (first queen in the left half, each standing for its mirror image too), one GPU invocation each, in { $chunks } chunks.
}
count-result = N = { $n }: { $total } solutions, { $unique } unique. { $compare }
count-result-total-only = N = { $n }: { $total } solutions; the unique count was cancelled. { $compare }
count-published-both = Published (OEIS A000170 / A002562): { $total } / { $unique } { $verdict }
count-published-total = Published (OEIS A000170): { $total }{ $verdict }
count-agree = ✓ agree
count-differ = ✗ DIFFER
count-agree-after = {" "}✓ agree
count-differ-after = {" "}✗ DIFFER
count-unpublished = No published value to compare with.
count-burnside = {" "}Unique by Burnside’s lemma: (T + S180 + 2·S90) / 8 = ({ $total } + { $half } + 2·{ $quarter }) / 8 = { $unique }, where T is the total, and S180 and S90 are the solutions a half turn and a quarter turn leave unchanged.
count-by-parts = {" "}Unique by backtracking: the search visits each class of solutions (a board with its turns and mirror images) at the images its symmetry rules keep, and counts the class once there, with its size of 2, 4 or 8 towards the total.

## Check a shard (www/count/shard-check-panel.js; shard-check.js's sentences on a file it refuses are not moved yet)

shard-title = Check a shard
# Around the command, which stays as it is: "Drop or paste the JSON of <command> from any machine…"
shard-intro-before = Drop or paste the JSON of
shard-intro-after = from any machine: the page counts a sample of its sub-problems again, in the workers, and says whether they agree.
shard-json =
    .aria-label = Shard JSON
shard-sample = Sub-problems to check
shard-start = Check the shard
shard-what-piece = shard { $index }/{ $of }
shard-what-whole = the whole count
shard-sample-bad = Sub-problems to check: “{ $typed }” is not a whole number of 1 or more.
shard-other-list = ✗ { $what } of N = { $n } was counted on another list of sub-problems ({ $theirs } sub-problems, fingerprint { $theirPrint }) than this page lists for it ({ $ours }, fingerprint { $ourPrint }): it can be checked only with the version of bitqueens that made it.
shard-counts = { $total } solutions, { $work } { $unit }
shard-counts-unique = { $total } solutions, { $unique } unique, { $work } { $unit }
shard-part-agrees = Sub-problem { $index }: { $counts } ✓
shard-part-differs = Sub-problem { $index }: the file says { $said }; counted again: { $again } ✗
shard-all-agree = ✓ All { $checked } re-counted sub-problems of { $what } (N = { $n }) agree with the file.
shard-some-differ = ✗ { $wrong } of { $checked } re-counted sub-problems of { $what } (N = { $n }) differ from the file: do not trust its sum.
shard-unreadable = The file { $name } could not be read: { $error }
