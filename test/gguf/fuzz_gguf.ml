(* A seeded mutation fuzzer of the GGUF reader, over the committed files:
   each mutant of a file (bytes set, a cut, a range copied over another,
   bytes inserted, a count or offset set to an edge value) is an Ok or an
   Error, never an exception, and reading every value and tensor of an Ok
   raises nothing; every eighth one is also written to a file and read by
   map_file and read_file, whose errors start with its path and whose
   verdict is of_string's; every eighth, a shard of a split model (the
   tsplit shards) is mutated and the model opened by Model.open_, mapped
   and read, its errors starting with the path of one of its files.

   fuzz_gguf.exe [--count N | --seconds S] [--seed K] FILE...

   make test runs it for a fixed seed and count, make fuzz for
   FUZZ_SECONDS with a seed of the clock; a failure prints the seed and
   the mutant's number, and keeps the mutant in fuzz-gguf-failure.gguf. *)

open Nx_array
module G = Gguf

let check = Check.check

let read file = In_channel.with_open_bin file In_channel.input_all

let edges = [| 0L; 1L; 2L; 31L; 32L; 0x7fffffffL; 0x80000000L; 0xffffffffL; 0x100000000L;
               0x4000000000000000L; Int64.max_int; Int64.min_int; -1L |]

(* A mutant of [s]: one to four edits. *)
let mutate rnd s =
  let b = ref (Bytes.of_string s) in
  for _ = 1 to 1 + Random.State.int rnd 4 do
    let n = Bytes.length !b in
    if n > 0 then
      match Random.State.int rnd 6 with
      | 0 | 1 -> Bytes.set !b (Random.State.int rnd n) (Char.chr (Random.State.int rnd 256))
      | 2 -> b := Bytes.sub !b 0 (Random.State.int rnd n)
      | 3 ->
          let len = 1 + Random.State.int rnd (min 64 n) in
          let src = Random.State.int rnd (n - len + 1) and dst = Random.State.int rnd (n - len + 1) in
          Bytes.blit (Bytes.copy !b) src !b dst len
      | 4 ->
          let at = Random.State.int rnd (n + 1) and len = 1 + Random.State.int rnd 16 in
          let ins = Bytes.init len (fun _ -> Char.chr (Random.State.int rnd 256)) in
          b := Bytes.cat (Bytes.cat (Bytes.sub !b 0 at) ins) (Bytes.sub !b at (n - at))
      | _ ->
          if n >= 8 then begin
            let at = Random.State.int rnd (n - 7) in
            Bytes.set_int64_le !b at edges.(Random.State.int rnd (Array.length edges))
          end
  done;
  Bytes.to_string !b

(* Everything of a file read: its values, tensors and dequantized
   values. *)
let exercise_file g =
  List.iter (fun (_, v) -> match v with G.Array a -> ignore (G.array_to_list a) | _ -> ()) (G.metadata g);
  List.iter
    (fun (i : G.info) ->
      ignore (G.get_tensor g i.name);
      if G.dequantizes i.ggml_type then ignore (G.get_as Dtype.Float32 g i.name))
    (G.tensors g)

let failure = ref None

let note k what bytes e =
  check false "mutant %d: %s raised %s" k what (Printexc.to_string e);
  if !failure = None then failure := Some bytes

let one_file ~dir rnd k files =
  let s = mutate rnd files.(Random.State.int rnd (Array.length files)) in
  let verdict =
    match G.of_string s with
    | Error m -> check true ""; Some (Error m)
    | Ok g -> (
        match exercise_file g with
        | () -> check true ""; Some (Ok ())
        | exception e -> note k "reading an Ok" s e; None)
    | exception e -> note k "of_string" s e; None
  in
  if k mod 8 = 0 then begin
    let path = Filename.concat dir "mutant.gguf" in
    Out_channel.with_open_bin path (fun oc -> output_string oc s);
    List.iter
      (fun (what, f) ->
        match f path, verdict with
        | Ok g, Some (Ok ()) -> (
            match exercise_file g with () -> check true "" | exception e -> note k what s e)
        | Error m, Some (Error m') ->
            check (m = path ^ ": " ^ m') "mutant %d: %s says %S, of_string %S" k what m m'
        | Ok _, _ | Error _, _ -> check (verdict = None) "mutant %d: %s and of_string differ" k what
        | exception e -> note k what s e)
      [ ("map_file", G.map_file); ("read_file", G.read_file) ]
  end

(* A split model with one shard mutated. *)
let one_model ~dir rnd k shards =
  let i = Random.State.int rnd (Array.length shards) in
  let paths =
    Array.mapi
      (fun j (name, s) ->
        let p = Filename.concat dir name in
        Out_channel.with_open_bin p (fun oc -> output_string oc (if i = j then mutate rnd s else s));
        p)
      shards
  in
  let opened = paths.(Random.State.int rnd (Array.length paths)) in
  List.iter
    (fun read ->
      match G.Model.open_ ~read opened with
      | Ok m -> (
          match
            List.iter (fun (_, g) -> exercise_file g) (G.Model.shards m);
            List.iter (fun (i : G.info) -> ignore (G.Model.get_tensor m i.name)) (G.Model.tensors m)
          with
          | () -> check true ""
          | exception e -> note k "a model" (In_channel.with_open_bin paths.(i) In_channel.input_all) e)
      | Error msg ->
          check
            (Array.exists (fun p -> String.starts_with ~prefix:(p ^ ": ") msg) paths)
            "mutant %d: %S does not start with a shard's path" k msg
      | exception e -> note k "Model.open_" (In_channel.with_open_bin paths.(i) In_channel.input_all) e)
    [ false; true ]

let () =
  let count = ref None and seconds = ref None and seed = ref None and names = ref [] in
  let rec args = function
    | "--count" :: n :: r -> count := Some (int_of_string n); args r
    | "--seconds" :: n :: r -> seconds := Some (float_of_string n); args r
    | "--seed" :: n :: r -> seed := Some (int_of_string n); args r
    | f :: r -> names := !names @ [ f ]; args r
    | [] -> ()
  in
  args (List.tl (Array.to_list Sys.argv));
  let seed = match !seed with Some s -> s | None -> int_of_float (Unix.gettimeofday () *. 1000.) land 0x3fffffff in
  let files = Array.of_list (List.map read !names) in
  if Array.length files = 0 then (prerr_endline "fuzz_gguf: no FILE"; exit 2);
  let shards =
    Array.of_list
      (List.filter_map
         (fun n ->
           if String.starts_with ~prefix:"tsplit-" (Filename.basename n) then Some (Filename.basename n, read n)
           else None)
         !names)
  in
  let rnd = Random.State.make [| seed |] in
  let dir = Filename.temp_dir "fuzz" "gguf" in
  let start = Unix.gettimeofday () in
  let go k =
    match !count, !seconds with
    | Some n, _ -> k <= n
    | None, Some s -> Unix.gettimeofday () -. start < s
    | None, None -> k <= 1000
  in
  let k = ref 1 in
  while go !k && !failure = None do
    if !k mod 8 = 4 && Array.length shards > 0 then one_model ~dir rnd !k shards
    else one_file ~dir rnd !k files;
    incr k
  done;
  Array.iter (fun f -> try Sys.remove (Filename.concat dir f) with Sys_error _ -> ()) (Sys.readdir dir);
  Unix.rmdir dir;
  (match !failure with
   | Some s ->
       Out_channel.with_open_bin "fuzz-gguf-failure.gguf" (fun oc -> output_string oc s);
       Printf.printf "fuzz_gguf: seed %d failed at mutant %d (kept in fuzz-gguf-failure.gguf)\n" seed (!k - 1)
   | None -> Printf.printf "fuzz_gguf: seed %d, %d mutants\n" seed (!k - 1));
  Check.finish "gguf fuzz"
