/// The preview page's script and style, served from the server itself (the page's policy allows no other
/// source and no inline script).
enum PreviewAssets {
    /// Follows the server's events: on each new generation it asks for the status, shows or hides the
    /// problems, and when the manifest rendered changed, puts the new output into the frame in place (no
    /// reload: the frame's scroll position stays) and refreshes the bar's choices.
    static let script = #"""
        "use strict";
        (() => {
          const frame = document.getElementById("frame");
          let rendered = Number(document.body.dataset.rendered);
          let busy = false;
          let again = false;

          function bindChoices() {
            const form = document.querySelector("form.choices");
            if (!form) return;
            form.classList.add("live");
            for (const field of form.querySelectorAll("select, input")) {
              field.addEventListener("change", () => form.requestSubmit());
            }
          }

          function showProblems(status) {
            const overlay = document.getElementById("problems");
            const list = document.getElementById("problem-list");
            const blocks = status.problems.map((text) => {
              const pre = document.createElement("pre");
              pre.className = "problem";
              pre.textContent = text;
              return pre;
            });
            if (status.summary) {
              const summary = document.createElement("p");
              summary.className = "summary";
              summary.textContent = status.summary;
              blocks.push(summary);
            }
            list.replaceChildren(...blocks);
            overlay.hidden = !status.errors;
            document.getElementById("problems-title").textContent = status.title;
            document.getElementById("state").textContent = status.state;
          }

          function swapFrame(html) {
            const doc = frame.contentDocument;
            if (!doc || !doc.documentElement) {
              frame.src = frame.src;
              return;
            }
            const win = frame.contentWindow;
            const x = win.scrollX;
            const y = win.scrollY;
            const parsed = new DOMParser().parseFromString(html, "text/html");
            doc.replaceChild(doc.importNode(parsed.documentElement, true), doc.documentElement);
            win.scrollTo(x, y);
          }

          // Replaces the elements that changed, each found by its path from the html element (and its name, to be
          // sure); false, with nothing changed, when one is not where the patch says.
          function applyPatch(replacements) {
            const doc = frame.contentDocument;
            if (!doc || !doc.documentElement) return false;
            const targets = replacements.map((replacement) => {
              let element = doc.documentElement;
              for (const index of replacement.path) element = element && element.children[index];
              return element && element.localName === replacement.name ? element : null;
            });
            if (targets.some((target) => !target)) return false;
            const win = frame.contentWindow;
            const x = win.scrollX;
            const y = win.scrollY;
            replacements.forEach((replacement, index) => { targets[index].outerHTML = replacement.html; });
            win.scrollTo(x, y);
            return true;
          }

          async function refreshBar() {
            const response = await fetch(location.href, { cache: "no-store" });
            const page = new DOMParser().parseFromString(await response.text(), "text/html");
            const bar = page.querySelector("nav.bar");
            if (bar) {
              document.querySelector("nav.bar").replaceWith(document.importNode(bar, true));
              bindChoices();
            }
          }

          async function refresh() {
            if (busy) {
              again = true;
              return;
            }
            busy = true;
            try {
              do {
                again = false;
                const status = await (await fetch("/_preview/status", { cache: "no-store" })).json();
                if (status.rendered !== rendered) {
                  const source = frame.getAttribute("src");
                  const address = source.replace("/_preview/frame/", "/_preview/patch/") + (source.includes("?") ? "&" : "?") + "since=" + rendered;
                  const patch = await (await fetch(address, { cache: "no-store" })).json();
                  if (!patch.replacements || !applyPatch(patch.replacements)) {
                    const response = await fetch(source, { cache: "no-store" });
                    swapFrame(await response.text());
                  }
                  await refreshBar();
                  rendered = patch.rendered;
                  if (rendered !== status.rendered) again = true;
                }
                showProblems(status);
                document.body.dataset.generation = String(status.generation);
                document.body.dataset.rendered = String(rendered);
              } while (again);
            } catch (error) {
              document.getElementById("state").textContent = "Not connected: is whatsnew preview still running?";
            } finally {
              busy = false;
            }
          }

          bindChoices();
          const events = new EventSource("/_preview/events");
          events.addEventListener("generation", refresh);
          events.addEventListener("error", () => {
            document.getElementById("state").textContent = "Not connected: is whatsnew preview still running?";
          });
        })();

        """#

    static let style = """
        :root{color-scheme:light dark;--bar:#f6f8fa;--line:#d0d7de;--text:#1f2328;--accent:#0969da;--error:#d1242f;--panel:#fff}
        @media (prefers-color-scheme:dark){:root{--bar:#151b23;--line:#3d444d;--text:#f0f6fc;--accent:#4493f8;--error:#f85149;--panel:#0d1117}}
        html,body{height:100%;margin:0}
        body{display:flex;flex-direction:column;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--text);background:var(--panel)}
        .bar{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;padding:.4rem .75rem;background:var(--bar);border-bottom:1px solid var(--line)}
        .bar ul{display:flex;flex-wrap:wrap;gap:.15rem .25rem;margin:0;padding:0;list-style:none}
        .bar a{display:block;padding:.3rem .55rem;border-radius:6px;color:var(--text);text-decoration:none}
        .bar a:hover{background:rgba(128,128,128,.18)}
        .bar a[aria-current=page]{background:var(--accent);color:#fff}
        .choices{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0}
        .choices input{width:5em}
        .choices.live button{display:none}
        .state{margin:0 0 0 auto;color:rgba(128,128,128,1)}
        #frame{flex:1;width:100%;border:0;min-height:0}
        .overlay{position:fixed;left:1rem;right:1rem;bottom:1rem;max-height:60vh;overflow:auto;padding:0 1rem 1rem;background:var(--panel);
        border:2px solid var(--error);border-radius:10px;box-shadow:0 8px 32px rgba(0,0,0,.35)}
        .overlay[hidden]{display:none}
        .overlay h2{color:var(--error);font-size:1.1rem}
        .problem{font:13px/1.45 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;white-space:pre;overflow-x:auto;padding:.5rem;margin:.5rem 0;
        background:rgba(128,128,128,.12);border-radius:6px}

        """
}
