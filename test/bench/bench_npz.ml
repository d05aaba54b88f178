(* One timing of the deflated .npz part of the benchmarks
   (bench_npz.py runs it, beside numpy, in rounds):
   - [bench_npz.exe read PATH NAME...] maps the archive PATH and reads
     each member NAME as float32 (inflated, its CRC-32 checked);
   - [bench_npz.exe touch PATH NAME...] times new memory of those
     members' size, each page touched: the floor of a read;
   - [bench_npz.exe write PATH OUT] reads PATH's members so, then writes
     them deflated to OUT (Npz.write_file ~compress:true), timing the
     writing alone.
   Prints one line: the wall-clock seconds and the CPU seconds. *)

open Nx_array
module Npz = Npy.Npz

let ok = function Ok v -> v | Error m -> failwith m

let timed f =
  let t0 = Unix.gettimeofday () and c0 = Sys.time () in
  let v = f () in
  (Unix.gettimeofday () -. t0, Sys.time () -. c0, v)

let read_all path names =
  let z = ok (Npz.map_file path) in
  List.map (fun n -> (n, Npy.Any (ok (Npz.read_as Dtype.Float32 z n)))) names

let () =
  match Array.to_list Sys.argv with
  | _ :: "read" :: path :: names ->
      let t, c, _ = timed (fun () -> read_all path names) in
      Printf.printf "%.6f %.6f\n" t c
  | _ :: "touch" :: path :: names ->
      (* The floor of a read: new memory of the members' size (advised
         huge pages, as a read's), each page touched. *)
      let z = ok (Npz.map_file path) in
      let bytes =
        List.fold_left
          (fun n (m : Npz.member) -> if List.mem m.name names then n + m.bytes else n)
          0 (Npz.members z)
      in
      let t, c, b =
        timed (fun () ->
            let b = Private.alloc_buffer bytes in
            let rec go i = if i < bytes then (Bigarray.Array1.unsafe_set b i '\000'; go (i + 4096)) in
            go 0;
            b)
      in
      ignore (Sys.opaque_identity b);
      Printf.printf "%.6f %.6f\n" t c
  | [ _; "write"; path; out ] ->
      let z = ok (Npz.map_file path) in
      let names = List.map (fun (m : Npz.member) -> m.name) (Npz.members z) in
      let arrays = read_all path names in
      let t, c, () = timed (fun () -> ok (Npz.write_file ~compress:true out arrays)) in
      Printf.printf "%.6f %.6f\n" t c
  | _ ->
      prerr_endline "usage: bench_npz.exe read PATH NAME... | touch PATH NAME... | write PATH OUT";
      exit 2
