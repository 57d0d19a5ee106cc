//! Strongly connected components (Tarjan's algorithm, iterative so that
//! millions of positions do not overflow the call stack).

/// Calls `visit` with every strongly connected component of the graph whose
/// moves from node `v` go to `child[first[v]..first[v + 1]]`, in reverse
/// topological order: a component comes after every component it reaches.
pub(crate) fn for_each_component(first: &[u32], child: &[u32], mut visit: impl FnMut(&[u32])) {
    let n = first.len() - 1;
    let mut t = Tarjan {
        order: vec![UNSEEN; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        calls: Vec::new(),
        counter: 0,
    };
    for root in 0..n as u32 {
        if t.order[root as usize] != UNSEEN {
            continue;
        }
        t.enter(root, first);
        while let Some(&(v, edge)) = t.calls.last() {
            let vi = v as usize;
            if edge < first[vi + 1] {
                if let Some(top) = t.calls.last_mut() {
                    top.1 += 1;
                }
                let w = child[edge as usize];
                if t.order[w as usize] == UNSEEN {
                    t.enter(w, first);
                } else if t.on_stack[w as usize] {
                    t.low[vi] = t.low[vi].min(t.order[w as usize]);
                }
                continue;
            }
            t.calls.pop();
            if let Some(&(u, _)) = t.calls.last() {
                t.low[u as usize] = t.low[u as usize].min(t.low[vi]);
            }
            if t.low[vi] == t.order[vi] {
                let from = t.stack.iter().rposition(|&w| w == v).unwrap_or(0);
                visit(&t.stack[from..]);
                for &w in &t.stack[from..] {
                    t.on_stack[w as usize] = false;
                }
                t.stack.truncate(from);
            }
        }
    }
}

const UNSEEN: u32 = u32::MAX;

/// The walk's state: visit order, low links, the component stack and the
/// explicit call stack of (node, next move to look at).
struct Tarjan {
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    counter: u32,
}

impl Tarjan {
    fn enter(&mut self, v: u32, first: &[u32]) {
        self.order[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.calls.push((v, first[v as usize]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn components(edges: &[&[u32]]) -> Vec<Vec<u32>> {
        let mut first = vec![0u32];
        let mut child = Vec::new();
        for e in edges {
            child.extend_from_slice(e);
            first.push(child.len() as u32);
        }
        let mut out = Vec::new();
        for_each_component(&first, &child, |c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            out.push(c);
        });
        out
    }

    #[test]
    fn finds_cycles_and_orders_successors_first() {
        // 0 -> 1 <-> 2 -> 3, 0 -> 3: components {3}, {1, 2}, {0}.
        let got = components(&[&[1, 3], &[2], &[1, 3], &[]]);
        assert_eq!(got, vec![vec![3], vec![1, 2], vec![0]]);
    }

    #[test]
    fn a_chain_is_all_singletons() {
        let got = components(&[&[1], &[2], &[]]);
        assert_eq!(got, vec![vec![2], vec![1], vec![0]]);
    }
}
