use std::time::Instant;
fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    for &n in &args {
        let t = Instant::now();
        let fast = bitqueens::count::count(n).unwrap();
        let a = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let plain = bitqueens::plain::plain_count(n, true).unwrap();
        let b = t.elapsed().as_secs_f64();
        println!("n={n} fast {a:.3}s {} {} nodes {} ({:.0} M/s) | plain mirror {b:.3}s {} nodes {} ({:.0} M/s) | x{:.2}",
          fast.total, fast.unique, fast.nodes, fast.nodes as f64/a/1e6, plain.total, plain.nodes, plain.nodes as f64/b/1e6, b/a);
    }
}
