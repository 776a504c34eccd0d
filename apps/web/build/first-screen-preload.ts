import { createHash } from 'node:crypto';
import { minifySync, type Plugin } from 'vite';
import { answerCookieBanner, earlyRequestUrls, prerenderFit, type EarlySearchConstants } from '../src/lib/first-screen';
import { ANSWERS_MARK, PAINT_FIRST_MARK } from './request-time-screens';

/** A first screen: the paths it answers (prefix, or exact with `exact`) and the module of its lazy route. */
export interface FirstScreen {
  prefix: string;
  exact?: boolean;
  module: string;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Build step (docs/performance.md, decisions 047 and 071): index.html gets a tiny script (its own file) that, before the
 * entry chunk runs, asks the browser for the code of the screen the address opens (its route chunk, the chunks it imports
 * and its CSS) and for the API answers that screen starts with. Without it the code is only requested once the entry
 * chunk has loaded, run and matched the route, and the answers once the screen has rendered: round trips in a row before
 * the first screen can show. The lazy screens' minimum delay is unchanged; the code now arrives while it runs.
 */
/** The plugin, and the files each first screen needs beyond the entry (known once the bundle is generated). */
export type FirstScreenPlugin = Plugin & {
  api: { filesOf: (module: string) => string[]; scriptOf: (module: string) => string };
};

export function firstScreenPreload(screens: FirstScreen[], early: EarlySearchConstants): FirstScreenPlugin {
  const filesByModule = new Map<string, string[]>();
  const scriptByModule = new Map<string, string>();
  return {
    name: 'careslot-first-screen-preload',
    api: {
      filesOf(module: string) {
        const files = filesByModule.get(module);
        if (!files) throw new Error(`first-screen-preload: ${module} is not a first screen`);
        return files;
      },
      /** The first-screen script (a file under dist/) for a page that opens only this screen (an `exact` one). */
      scriptOf(module: string) {
        const file = scriptByModule.get(module);
        if (!file) throw new Error(`first-screen-preload: ${module} is not an exact first screen`);
        return file;
      },
    },
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entryFiles = new Set<string>();
      const addEntry = (file: string) => {
        if (entryFiles.has(file)) return;
        entryFiles.add(file);
        byFile.get(file)?.imports.forEach(addEntry);
      };
      chunks.filter((c) => c.isEntry).forEach((c) => addEntry(c.fileName));
      const table: [string, boolean, string[]][] = [];
      for (const screen of screens) {
        const route = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(screen.module));
        if (!route) throw new Error(`first-screen-preload: no chunk for ${screen.module}`);
        const files: string[] = [];
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file) || entryFiles.has(file)) return;
          seen.add(file);
          const c = byFile.get(file);
          if (!c) return;
          c.imports.forEach(walk);
          c.viteMetadata?.importedCss.forEach((css) => files.push(css));
          files.push(file);
        };
        walk(route.fileName);
        filesByModule.set(screen.module, [...new Set(files)]);
        table.push([screen.prefix, !!screen.exact, [...new Set(files)]]);
      }
      // In this order: ask for the screen's code; ask for the API answers it will want (the app takes them by URL,
      // lib/first-screen.ts); mark a visitor the build-time HTML of `/` does not fit (region, session), whom the
      // stylesheet then does not show it to until the app has rendered anew (main.tsx), and one who has answered the
      // cookie banner, whom the stylesheet does not show its build-time copy; let the banner's buttons answer before the
      // app runs; run the entry after the first paint.
      const entry = chunks.filter((c) => c.isEntry);
      if (entry.length !== 1) throw new Error(`first-screen-preload: expected one entry chunk, found ${entry.length}`);
      const entryUrl = `/${entry[0]!.fileName}`;
      const entryTag = `<script type="module" crossorigin src="${entryUrl}"></script>`;
      // On a rendered page (the request-time pages, decision 081; `/`, decision 087) the first paint needs nothing but
      // the HTML and its stylesheets: there, the entry's and the screen's code are asked for only after that paint.
      const entryPreloads = [...entryFiles].filter((f) => f !== entry[0]!.fileName);
      const textFor = (t: typeof table) =>
        `(function(){var t=${JSON.stringify(t)},p=location.pathname,h=document.documentElement,` +
        `a=h.hasAttribute(${JSON.stringify(ANSWERS_MARK)}),f=h.hasAttribute(${JSON.stringify(PAINT_FIRST_MARK)}),files=[];\n` +
        `var pre=function(f){var l=document.createElement('link');` +
        `if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';l.href='/'+f;` +
        `document.head.appendChild(l)};\n` +
        `for(var i=0;i<t.length;i++){var s=t[i];if(s[1]?p===s[0]:p.indexOf(s[0])===0){files=s[2];break}}\n` +
        `if(!f)files.forEach(pre);\n` +
        // A page rendered at request time carries its first screen's answers: none is asked again.
        `var early=a?[]:(${earlyRequestUrls.toString()})(p,location.search,${JSON.stringify(early)});\n` +
        `if(early.length){var e=window.__careslotEarly={};early.forEach(function(u){` +
        `e[u]=fetch(u,{credentials:'include',headers:{Accept:'application/json'}});e[u].catch(function(){})})}\n` +
        `if((${prerenderFit.toString()})()==='differs')h.setAttribute('data-prerender','stale');` +
        `if(/(^|; )consentID=/.test(document.cookie))h.setAttribute('data-consented','');\n` +
        // The cookie banner of a rendered page answers before the app has taken it over (decision 095); afterwards the
        // root has lost its mark and the banner's own buttons answer.
        `document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-consent-choice]'),` +
        `r=document.getElementById('root');if(b&&r&&r.hasAttribute('data-prerendered'))` +
        `(${answerCookieBanner.toString()})(b.getAttribute('data-consent-choice'))});\n` +
        // Run the entry once the page has painted (and is parsed): elsewhere it downloads from the start (modulepreload), but
        // compiling and running it no longer holds back the paint of build-time HTML. A hidden tab does not paint.
        `var go=function(){if(f)${JSON.stringify(entryPreloads)}.concat(files).forEach(pre);` +
        `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entryUrl)};` +
        `document.head.appendChild(s)},ready=function(){document.readyState==='loading'?` +
        `document.addEventListener('DOMContentLoaded',go):go()};` +
        `document.visibilityState==='hidden'?ready():requestAnimationFrame(function(){setTimeout(ready)})})()\n`;
      const emitScript = (t: typeof table): string => {
        const minified = minifySync('first-screen.js', textFor(t), {});
        if (minified.errors.length) throw new Error(`first-screen-preload: ${minified.errors.map((e) => e.message).join('; ')}`);
        const source = minified.code;
        const name = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: name, source });
        return name;
      };
      const fileName = emitScript(table);
      // A page that only ever opens one screen (the build-time HTML of `/`, served for that address alone) gets a copy
      // with that screen's row only: the other rows are file names, which hardly compress (≈ 0.3 KB of `/`'s first load).
      scriptByModule.clear();
      screens.forEach((screen, i) => {
        if (screen.exact) scriptByModule.set(screen.module, emitScript([table[i]!]));
      });
      // A classic script in the head, before the stylesheet and the entry: it runs before the body is parsed, so the mark
      // above is set before anything is painted, and it costs no extra wait (the browser fetches the stylesheet and the
      // entry alongside it). Not inline: the server's Content-Security-Policy allows scripts from the site only.
      // The entry's own tag becomes a modulepreload: the script above runs it.
      const tag = `<script src="/${fileName}"></script>`;
      const page = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      if (!page.includes(entryTag)) throw new Error(`first-screen-preload: no ${entryTag} in index.html`);
      html.source = page.replace(entryTag, `${tag}\n    <link rel="modulepreload" crossorigin href="${entryUrl}">`);
    },
  };
}
