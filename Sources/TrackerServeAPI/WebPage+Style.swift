extension WebPage {
  /// The page's one style block: system fonts, light and dark by the system's choice or the
  /// theme button (`data-theme` on the root), one column that fits a 360-pixel screen, a focus
  /// ring on everything reachable by keyboard. No `style` attributes anywhere: the policy
  /// allows this block only.
  static let style = #"""

    :root { color-scheme: light dark; --bg: #fbfaf7; --fg: #1d1d1f; --muted: #5b5b63; --card: #ffffff;
      --line: #d5d3cc; --accent: #1f6feb; --accent-fg: #ffffff; --warn: #8a5300; --bad: #b3261e; --good: #1a7f37; }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme="light"]) { --bg: #16171a; --fg: #ececf0; --muted: #a4a4ad; --card: #202227;
        --line: #3a3c43; --accent: #6ea8ff; --accent-fg: #0b1220; --warn: #f0b45a; --bad: #ff8a80; --good: #6fdc8c; }
    }
    :root[data-theme="dark"] { color-scheme: dark; --bg: #16171a; --fg: #ececf0; --muted: #a4a4ad; --card: #202227;
      --line: #3a3c43; --accent: #6ea8ff; --accent-fg: #0b1220; --warn: #f0b45a; --bad: #ff8a80; --good: #6fdc8c; }
    :root[data-theme="light"] { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg);
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header, main, footer { max-width: 44rem; margin: 0 auto; padding: 0 1rem; }
    header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem; padding-top: 1rem; }
    h1 { font-size: 1.5rem; margin: 0; }
    h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
    h3 { font-size: 1rem; margin: 0 0 .5rem; }
    .tools { display: flex; gap: .5rem; }
    .lead { font-size: 1.05rem; }
    .privacy { color: var(--muted); font-size: .9rem; border-left: 3px solid var(--good); padding-left: .75rem; }
    section { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; margin: 1rem 0; }
    .drop { display: block; border: 2px dashed var(--line); border-radius: .75rem; padding: 1rem; cursor: pointer; }
    .drop.over { border-color: var(--accent); }
    .drop span { display: block; font-weight: 600; }
    .drop .hint { font-weight: 400; color: var(--muted); font-size: .9rem; margin: .25rem 0 .75rem; }
    input[type="file"] { max-width: 100%; font: inherit; }
    label { font-weight: 600; }
    select, button { font: inherit; color: inherit; min-height: 2.75rem; border-radius: .5rem; }
    select { display: block; width: 100%; margin: .25rem 0 .75rem; padding: .5rem; background: var(--bg); border: 1px solid var(--line); }
    button { padding: .5rem .9rem; background: var(--bg); border: 1px solid var(--line); cursor: pointer; }
    button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; width: 100%; }
    button:disabled { opacity: .5; cursor: not-allowed; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .row { display: flex; flex-wrap: wrap; gap: .5rem; }
    .row button { flex: 1 1 12rem; }
    .summary { margin-top: .75rem; font-weight: 600; overflow-wrap: break-word; }
    .losses, #findings, #done { margin: .75rem 0; overflow-wrap: anywhere; }
    ul { padding-left: 1.25rem; margin: .25rem 0; }
    li { margin: .2rem 0; }
    .warning { color: var(--warn); }
    .error, .problem { color: var(--bad); }
    .ok { color: var(--good); }
    .where { color: var(--muted); font-family: ui-monospace, monospace; font-size: .85rem; }
    .howto { border-top: 1px solid var(--line); margin-top: 1rem; padding-top: .75rem; }
    footer { color: var(--muted); font-size: .85rem; padding-bottom: 2rem; }
    a { color: var(--accent); }
    code { font-size: .9em; }
    details { margin: .5rem 0; }
    summary { cursor: pointer; color: var(--muted); }
    details > ul, details > p { font-size: .85rem; color: var(--muted); }
    .hint { color: var(--muted); font-size: .9rem; }
    .way-out { border-left: 3px solid var(--warn); padding-left: .75rem; margin: .75rem 0; }
    #pick input[type="text"] { display: block; width: 100%; font: inherit; padding: .4rem; margin: .25rem 0 .5rem; }
    #pick label { display: block; font-weight: 400; font-size: .9rem; }
    .arrives li, .lost li { margin: .1rem 0; }
    .habits { color: var(--muted); }
    .subject { font-weight: 600; margin: .5rem 0 0; }

    """#
}
