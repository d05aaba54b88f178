(* How `make bench` times a call, shared by its OCaml rows. *)

(* The best time of one call: calls are batched so that a batch lasts at
   least 2 ms (the clock's resolution is a microsecond), and batches run
   at least 3 times and until 0.5 s are spent. *)
let time f =
  let batch reps =
    let t0 = Unix.gettimeofday () in
    for _ = 1 to reps do f () done;
    Unix.gettimeofday () -. t0
  in
  let reps = ref 1 in
  while batch !reps < 0.002 do reps := !reps * 2 done;
  let best = ref infinity and total = ref 0. and runs = ref 0 in
  while !runs < 3 || (!total < 0.5 && !runs < 10_000) do
    let t = batch !reps in
    best := Float.min !best (t /. float !reps);
    total := !total +. t;
    incr runs
  done;
  !best

let row impl case n s = Printf.printf "%s,%s,%d,%.9g\n%!" impl case n s

