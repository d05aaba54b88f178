(* Four domains converting, printing and storing at once, for about two
   seconds, under GC stress (a tiny minor heap, compactions): their
   results are those of a sequential run. Conversions of strings, which
   live in the moving heap, are among them. *)

open Nx_array
open Check

let work seed =
  let rng = Random.State.make [| seed |] in
  let n = 5_000 + Random.State.int rng 5_000 in
  let xs = Array.init n (fun i -> (float (i * 7919 mod 10007) /. 97.) -. 50.) in
  let a = of_array Dtype.Float64 [| n |] xs in
  let bf = cast Dtype.Bfloat16 a in
  let s = to_string bf in
  let back = of_string Dtype.Bfloat16 [| n |] s in
  let f8 = cast ~overflow:Saturate Dtype.Float8_e4m3fn back in
  let i4 = cast Dtype.Int4 f8 in
  let text = Format.asprintf "%a %a" pp f8 pp i4 in
  let stored = Array.init 64 (fun i -> Dtype.of_float Dtype.Float16 xs.(i)) in
  (Digest.string (s ^ to_string f8 ^ to_string i4 ^ text), stored)

let () =
  Gc.set { (Gc.get ()) with minor_heap_size = 4096 };
  let seeds = List.init 16 (fun i -> i) in
  let expected = List.map work seeds in
  let until = Unix.gettimeofday () +. 2. in
  let run () =
    let rounds = ref 0 and ok = ref true in
    while Unix.gettimeofday () < until do
      List.iter2 (fun seed e -> if work seed <> e then ok := false) seeds expected;
      incr rounds
    done;
    (!ok, !rounds)
  in
  let compactor =
    Domain.spawn (fun () ->
        while Unix.gettimeofday () < until do
          Gc.compact ();
          Unix.sleepf 0.01
        done)
  in
  let ds = List.init 4 (fun _ -> Domain.spawn run) in
  List.iteri
    (fun i d ->
      let ok, rounds = Domain.join d in
      check ok "domain %d: same results as the sequential run" i;
      check (rounds > 0) "domain %d ran" i)
    ds;
  Domain.join compactor;
  finish "test_stress"
