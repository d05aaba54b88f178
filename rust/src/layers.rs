//! The crate's modules import each other without a cycle, and the block
//! formats' layers only downwards: a test that reads the sources of
//! `rust/src`, takes each module's `crate::`, `super::` and `self::`
//! paths (tests and comments aside) as edges of the import graph, and
//! fails on a strongly connected component of more than one module or on
//! an edge up the layers of [`LAYERS`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers of `block`, lowest first: a module imports only from its
/// own layer and those below. The facts of the schemes and their exact
/// (portable) path, then the per-architecture kernels, then the one
/// dispatcher, then the entry points. A module of `block` not listed is
/// a failure, so that a new one is placed.
const LAYERS: [(&str, &[&str]); 5] = [
    (
        "facts",
        &[
            "block::formats",
            "block::scheme",
            "block::policy",
            "block::exact",
        ],
    ),
    ("portable", &["block::io", "block::portable"]),
    ("kernels", &["block::x86_64"]),
    ("dispatcher", &["block::dispatch"]),
    ("entry points", &["block::api"]),
];

/// Every module of `src` (a file, its path in the crate as `a::b`; the
/// crate's root is ""), with its text.
fn modules(src: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, at: &[String], out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("a readable directory") {
            let p = entry.expect("an entry").path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                let mut at = at.to_vec();
                at.push(name);
                walk(&p, &at, out);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let mut path = at.to_vec();
                if stem != "mod" && stem != "lib" {
                    path.push(stem.to_string());
                }
                let text = std::fs::read_to_string(&p).expect("a source file");
                out.insert(path.join("::"), text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &[], &mut out);
    out
}

/// `text` without its comments and its `#[cfg(test)]` modules (the tests
/// may reach any layer).
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut skip_depth: Option<i32> = None;
    let mut depth = 0i32;
    let mut test_next = false;
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let t = line.trim();
        if skip_depth.is_none() && test_next && t.contains("mod ") && t.ends_with('{') {
            skip_depth = Some(depth);
        }
        test_next = t == "#[cfg(test)]" || (test_next && t.starts_with("#["));
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => (),
            }
        }
        match skip_depth {
            Some(d) if depth <= d => skip_depth = None,
            Some(_) => (),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// The paths `code` names from `crate`, `super` or `self`, each as its
/// segments, a `{…}` group giving one path per member.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|s| code[i..].starts_with(s));
        if starts.is_none() || (i > 0 && (ident(bytes[i - 1]) || bytes[i - 1] == b'$')) {
            i += 1;
            continue;
        }
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let k = j;
            while j < bytes.len() && ident(bytes[j]) {
                j += 1;
            }
            segs.push(code[k..j].to_string());
            if code[j..].starts_with("::") && j + 2 < bytes.len() && ident(bytes[j + 2]) {
                j += 2;
            } else {
                break;
            }
        }
        if code[j..].starts_with("::{") {
            let end = code[j..].find('}').map_or(bytes.len(), |e| j + e);
            for member in code[j + 3..end].split(',') {
                let first: String = member
                    .trim()
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                if !first.is_empty() {
                    let mut p = segs.clone();
                    p.push(first);
                    out.push(p);
                }
            }
            j = end;
        }
        out.push(segs);
        i = j.max(i + 1);
    }
    out
}

/// The module of `modules` that the path `segs`, written in `from`, is
/// in: the longest one its resolved segments start with.
fn resolve(modules: &BTreeMap<String, String>, from: &str, segs: &[String]) -> String {
    let mut full: Vec<String> = from
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut segs = segs;
    match segs[0].as_str() {
        "crate" => {
            full.clear();
            segs = &segs[1..];
        }
        "self" => segs = &segs[1..],
        _ => (),
    }
    while segs.first().is_some_and(|s| s == "super") {
        full.pop();
        segs = &segs[1..];
    }
    full.extend(segs.iter().cloned());
    while !full.is_empty() && !modules.contains_key(&full.join("::")) {
        full.pop();
    }
    full.join("::")
}

/// The import graph: each module's edges to the modules it names, but
/// not its own ancestors (whose items a module of a folder shares).
fn graph(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut g = BTreeMap::new();
    for (m, text) in modules {
        let mut to = BTreeSet::new();
        for p in paths(&code(text)) {
            let t = resolve(modules, m, &p);
            let ancestor = t.is_empty() || *m == t || m.starts_with(&format!("{t}::"));
            if !ancestor {
                to.insert(t);
            }
        }
        g.insert(m.clone(), to);
    }
    g
}

/// The strongly connected components of `g` of more than one module
/// (Tarjan's algorithm).
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let i = t.index.len();
        t.index.insert(v, i);
        t.low.insert(v, i);
        t.stack.push(v);
        for w in t.g[v].iter() {
            let w = w.as_str();
            if !t.index.contains_key(w) {
                visit(t, w);
                let l = t.low[v].min(t.low[w]);
                t.low.insert(v, l);
            } else if t.stack.contains(&w) {
                let l = t.low[v].min(t.index[w]);
                t.low.insert(v, l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut c = Vec::new();
            loop {
                let w = t.stack.pop().expect("v is on the stack");
                c.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if c.len() > 1 {
                c.sort();
                t.out.push(c);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// The layer of a module of `block` in [`LAYERS`], if listed.
fn layer(m: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| {
        ms.iter()
            .any(|p| m == *p || m.starts_with(&format!("{p}::")))
    })
}

fn the_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    graph(&modules(&src))
}

#[test]
fn test_no_import_cycle() {
    let cycles = cycles(&the_graph());
    assert!(
        cycles.is_empty(),
        "modules that import each other: {cycles:?}"
    );
}

#[test]
fn test_block_imports_only_downwards() {
    let g = the_graph();
    let mut wrong = Vec::new();
    for (m, to) in &g {
        if !m.starts_with("block::") {
            continue;
        }
        let Some(l) = layer(m) else {
            wrong.push(format!("{m} is in no layer"));
            continue;
        };
        for t in to {
            if let Some(lt) = layer(t).filter(|&lt| lt > l) {
                wrong.push(format!(
                    "{m} ({}) imports {t} ({})",
                    LAYERS[l].0, LAYERS[lt].0
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports up the layers: {wrong:#?}");
}

#[test]
fn test_paths_read() {
    let p = paths("use super::{a::b, c};\nlet x = crate::d::e(1);\n$crate::f");
    let p: Vec<String> = p.iter().map(|s| s.join("::")).collect();
    assert_eq!(p, ["super::a", "super::c", "super", "crate::d::e"]);
    let c = code("a\n// crate::b\n#[cfg(test)]\nmod tests {\n  crate::c\n}\nd\n");
    assert_eq!(c, "a\n\n#[cfg(test)]\nd\n");
}
