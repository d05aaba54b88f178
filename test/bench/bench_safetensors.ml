(* The safetensors part of `make bench`: a generated checkpoint of 100
   tensors (float32 and bfloat16, mixed shapes, 1.1 GB) in a temporary
   directory; timed in rounds, each contender in turn, each row's best
   round kept:
   - open: map the file and read its header;
   - get: one tensor (23 MB of float32), as a view, and copied;
   - read: the whole file into memory by Safetensors.read_file, by a
     mapping and a copy of every tensor, and by cat into /dev/null;
   - convert: every float32 tensor into bfloat16, the others as they are,
     written to a new file: nx_array (map, cast a piece at a time, write
     each piece), also with the casts in a second domain; the Python
     safetensors package with numpy and ml_dtypes (load, astype, save:
     bench_safetensors.py); the command-line tool, nx-dtype convert --to
     bfloat16 (which syncs its output before renaming it into place); and
     cp of the same file, alone and followed by sync of the copy.
   - npz: the same into a .npz archive by nx-dtype and by np.savez; and
     the tensors of the first layer (86 MB of float32) into a deflated
     one, by nx-dtype --compress and by np.savez_compressed.
   Every conversion starts from a warm page cache and no dirty page (sync
   before each); outputs are removed between runs. Prints a table, CPU
   times beside wall-clock ones (the machine may be shared), and writes
   the CSV file named by its first argument; the second names nx-dtype.
   BENCH_ROUNDS rounds (default 3);
   BENCH_SAFETENSORS_DIR for the directory (default: a new one in the
   system's temporary directory, removed at the end). *)

open Nx_array
module S = Safetensors
module A1 = Bigarray.Array1

let ok = function Ok v -> v | Error m -> failwith m

(* The checkpoint: 12 layers of a model of width 1024 (attention 1024 x
   1024, MLP 1024 x 5632, a norm), the first 9 in float32, the last 3 in
   bfloat16; the embedding in float32, the output head in bfloat16, the
   final norm and the rotary frequencies: 100 tensors. *)
let width = 1024
let ffn = 5632
let vocab = 32000

let layout =
  let layer l =
    let t name dims = (Printf.sprintf "model.layers.%d.%s" l name, l < 9, dims) in
    let square = [| width; width |] in
    [ t "self_attn.q_proj.weight" square; t "self_attn.k_proj.weight" square;
      t "self_attn.v_proj.weight" square; t "self_attn.o_proj.weight" square;
      t "mlp.gate_proj.weight" [| ffn; width |]; t "mlp.up_proj.weight" [| ffn; width |];
      t "mlp.down_proj.weight" [| width; ffn |]; t "input_layernorm.weight" [| width |] ]
  in
  List.concat_map layer (List.init 12 Fun.id)
  @ [ ("model.embed_tokens.weight", true, [| vocab; width |]);
      ("lm_head.weight", false, [| vocab; width |]); ("model.norm.weight", true, [| width |]);
      ("model.rotary.inv_freq", true, [| width / 2 |]) ]

(* Weights-like values, 1 Mi of them, repeated to fill each tensor. *)
let pattern_f32 =
  let g =
    Bigarray.Genarray.init Bigarray.float32 Bigarray.c_layout [| 1 lsl 20 |] (fun i ->
        let x = float ((i.(0) * 7919) mod 10007) /. 10007. in
        0.02 *. (x -. 0.5) *. (1. +. float (i.(0) mod 7)))
  in
  Option.get (of_bigarray_view g)

let pattern_bf16 = cast Dtype.Bfloat16 pattern_f32

let repeat p bytes emit =
  let rec go left =
    if left > 0 then begin
      let k = min left (A1.dim p) in
      emit (A1.sub p 0 k);
      go (left - k)
    end
  in
  go bytes

let generate path =
  let stream (name, f32, shape) =
    let n = Array.fold_left ( * ) 1 shape in
    if f32 then { S.name; dtype = "F32"; shape; write = repeat (buffer pattern_f32) (4 * n) }
    else { S.name; dtype = "BF16"; shape; write = repeat (buffer pattern_bf16) (2 * n) }
  in
  ok (S.write_streams ~metadata:[ ("format", "pt") ] path (List.map stream layout))

(* A second domain that runs one job at a time, for [convert ~pipelined]. *)
type worker = {
  m : Mutex.t;
  c : Condition.t;
  mutable job : (unit -> unit) option;
  mutable busy : bool;
}

let worker () =
  let w = { m = Mutex.create (); c = Condition.create (); job = None; busy = false } in
  let rec loop () =
    Mutex.lock w.m;
    while w.job = None do Condition.wait w.c w.m done;
    let f = Option.get w.job in
    w.job <- None;
    Mutex.unlock w.m;
    let stop = match f () with () -> false | exception Exit -> true in
    Mutex.lock w.m;
    w.busy <- false;
    Condition.broadcast w.c;
    Mutex.unlock w.m;
    if not stop then loop ()
  in
  (w, Domain.spawn loop)

let submit w f =
  Mutex.lock w.m;
  w.job <- Some f;
  w.busy <- true;
  Condition.broadcast w.c;
  Mutex.unlock w.m

let wait w =
  Mutex.lock w.m;
  while w.busy do Condition.wait w.c w.m done;
  Mutex.unlock w.m

(* The conversion: float32 tensors cast into bfloat16 a piece at a time,
   each piece written once made; the other tensors written as they are.
   [~pipelined:true] casts the next piece in a second domain while this
   one writes the last. *)
let piece = 1 lsl 18

let convert ~pipelined src dst =
  let st = ok (S.map_file src) in
  let scratch = Array.init 2 (fun _ -> buffer (create Dtype.Bfloat16 [| piece |])) in
  let w = if pipelined then Some (worker ()) else None in
  let stream (i : S.info) =
    match S.find Dtype.Float32 st i.name with
    | None -> S.stream i.name (S.get_tensor st i.name)
    | Some a ->
        let src = buffer a and n = size a in
        let pieces = (n + piece - 1) / piece in
        (* The cast of piece [p] into scratch buffer [p mod 2], its bytes. *)
        let cast p =
          let at = p * piece in
          let k = min piece (n - at) in
          let s = of_buffer Dtype.Float32 [| k |] (A1.sub src (4 * at) (4 * k)) in
          let d = A1.sub scratch.(p land 1) 0 (2 * k) in
          ((fun () -> cast_into s (of_buffer Dtype.Bfloat16 [| k |] d)), d)
        in
        let write emit =
          match w with
          | None ->
              for p = 0 to pieces - 1 do
                let f, d = cast p in
                f ();
                emit d
              done
          | Some (w, _) ->
              if pieces > 0 then submit w (fst (cast 0));
              for p = 0 to pieces - 1 do
                wait w;
                if p + 1 < pieces then submit w (fst (cast (p + 1)));
                emit (snd (cast p))
              done
        in
        { S.name = i.name; dtype = "BF16"; shape = i.shape; write }
  in
  let r = S.write_streams ?metadata:(S.metadata st) dst (List.map stream (S.tensors st)) in
  Option.iter (fun (w, d) -> submit w (fun () -> raise Exit); Domain.join d) w;
  ok r

let file_size p = (Unix.stat p).st_size
let read_all p = In_channel.with_open_bin p In_channel.input_all
let sync () = ignore (Sys.command "sync")
let remove p = if Sys.file_exists p then Sys.remove p

let run cmd =
  let code = Sys.command cmd in
  if code <> 0 then failwith (Printf.sprintf "%s: exit %d" cmd code)

(* CPU time of this process and of its children waited for. *)
let cpu () =
  let t = Unix.times () in
  t.tms_utime +. t.tms_stime +. t.tms_cutime +. t.tms_cstime

(* Wall-clock and CPU time of [f ()], and its result. *)
let timed f =
  let c0 = cpu () and t0 = Unix.gettimeofday () in
  let r = f () in
  (Unix.gettimeofday () -. t0, cpu () -. c0, r)

(* (impl, case) -> bytes, the best wall-clock time, that run's CPU time *)
let best = Hashtbl.create 16

let record impl case bytes wall cpu =
  match Hashtbl.find_opt best (impl, case) with
  | Some (_, w, _) when w <= wall -> ()
  | _ -> Hashtbl.replace best (impl, case) (bytes, wall, cpu)

let big = "model.layers.0.mlp.gate_proj.weight"

(* One round: every contender in turn. *)
let round ~dir ~src ~python ~tool =
  let out impl = Filename.concat dir (impl ^ ".safetensors") in
  for _ = 1 to 20 do
    let t, c, st = timed (fun () -> ok (S.map_file src)) in
    record "nx" "open" (file_size src) t c;
    let t, c, a = timed (fun () -> S.get Dtype.Float32 st big) in
    record "nx" "get-view" (nbytes_of a) t c;
    let t, c, a = timed (fun () -> copy a) in
    record "nx" "get-copy" (nbytes_of a) t c
  done;
  Gc.full_major ();
  (* The whole file into memory: read_file's reads, a mapping and a copy
     of every tensor, and cat's reads into one small buffer (the floor:
     the page cache's copy alone). *)
  let q = Filename.quote in
  let whole impl f =
    let t, c, () = timed f in
    record impl "read" (file_size src) t c;
    Gc.full_major ()
  in
  whole "cat" (fun () -> run (Printf.sprintf "cat %s > /dev/null" (q src)));
  (* The other floor: new memory of the file's size, each page touched
     (advised huge pages, as read_file's). *)
  whole "touch" (fun () ->
      let b = Nx_array.Private.alloc_buffer (file_size src) in
      let rec go i = if i < A1.dim b then (A1.unsafe_set b i '\000'; go (i + 4096)) in
      go 0;
      ignore (Sys.opaque_identity b));
  whole "nx-read" (fun () -> ignore (Sys.opaque_identity (ok (S.read_file src))));
  whole "nx-map-copy" (fun () ->
      let st = ok (S.map_file src) in
      List.iter
        (fun (i : S.info) ->
          match S.get_tensor st i.name with
          | S.Tensor a -> ignore (Sys.opaque_identity (copy a))
          | S.Raw r -> ignore (Sys.opaque_identity (copy r.data)))
        (S.tensors st));
  let convert_with impl f =
    remove (out impl);
    sync ();
    let t, c, () = timed (fun () -> f (out impl)) in
    record impl "convert" (file_size (out impl)) t c
  in
  convert_with "cp" (fun dst -> run (Printf.sprintf "cp %s %s" (q src) (q dst)));
  convert_with "cp-sync" (fun dst -> run (Printf.sprintf "cp %s %s && sync %s" (q src) (q dst) (q dst)));
  let npz = Filename.concat dir "out.npz" in
  let to_npz impl case f =
    remove npz;
    sync ();
    let t, c, () = timed f in
    record impl case (file_size npz) t c
  in
  Option.iter
    (fun tool ->
      let tool_run args =
        run (Printf.sprintf "%s convert --to bfloat16 %s 2>/dev/null" (q tool) args)
      in
      convert_with "nx-dtype" (fun dst -> tool_run (Printf.sprintf "%s %s" (q src) (q dst)));
      to_npz "nx-dtype" "npz" (fun () -> tool_run (Printf.sprintf "%s %s" (q src) (q npz)));
      to_npz "nx-dtype" "npz-deflated" (fun () ->
          tool_run (Printf.sprintf "--compress --only '^model\\.layers\\.0\\.' %s %s" (q src) (q npz))))
    tool;
  convert_with "nx" (convert ~pipelined:false src);
  convert_with "nx-2" (convert ~pipelined:true src);
  if read_all (out "nx") <> read_all (out "nx-2") then
    failwith "bench_safetensors: the pipelined conversion differs";
  if tool <> None && read_all (out "nx") <> read_all (out "nx-dtype") then
    failwith "bench_safetensors: nx-dtype's conversion differs";
  Option.iter
    (fun script ->
      (* Python times itself, without its start and its imports. *)
      let res = Filename.concat dir "python.csv" in
      let dst = out "python" in
      run (Printf.sprintf "python3 %s %s %s %s %s > %s" (q script) (q src) (q dst) big (q npz) (q res));
      List.iter
        (fun l ->
          match String.split_on_char ',' l with
          | [ case; b; w; c ] ->
              record "python" case (int_of_string b) (float_of_string w) (float_of_string c)
          | _ -> ())
        (In_channel.with_open_bin res In_channel.input_lines);
      if read_all (out "nx") <> read_all (out "python") then
        failwith "bench_safetensors: nx_array's and Python's conversions differ")
    python;
  List.iter (fun impl -> remove (out impl)) [ "cp"; "cp-sync"; "nx"; "nx-2"; "nx-dtype"; "python" ];
  remove npz

let report ~bytes ~header ~rounds =
  let get impl case = Hashtbl.find_opt best (impl, case) in
  let cell ?(cpu = false) scale unit = function
    | Some (_, w, c) when cpu -> Printf.sprintf "%.3g %s (CPU %.3g)" (w *. scale) unit (c *. scale)
    | Some (_, w, _) -> Printf.sprintf "%.3g %s" (w *. scale) unit
    | None -> ""
  in
  let ratio ?(cpu = false) a b =
    match (a, b) with
    | Some (_, w, c), Some (_, w', c') -> Printf.sprintf "%.2f" (if cpu then c /. c' else w /. w')
    | _ -> ""
  in
  let row label case ?cpu scale unit nx ?(python = "") ?(cp = "") () =
    Printf.printf "| %s | %s | %s | %s | %s |\n" label
      (cell ?cpu scale unit (get nx case))
      (cell ?cpu scale unit (get python case))
      (cell ?cpu scale unit (get cp case))
      (ratio (get python case) (get nx case))
  in
  Printf.printf "Safetensors: a checkpoint of 100 tensors, %d bytes (header %d), " bytes header;
  Printf.printf "best of %d rounds\n\n" rounds;
  Printf.printf "| case | nx_array | Python safetensors | cp | Python / nx |\n";
  Printf.printf "|---|---:|---:|---:|---:|\n";
  row "open (map, header)" "open" 1e6 "µs" "nx" ~python:"python" ();
  row "get a tensor: a view" "get-view" 1e6 "µs" "nx" ();
  row "get a tensor: a copy (23 MB)" "get-copy" 1e3 "ms" "nx" ~python:"python" ();
  row "convert float32 to bfloat16" "convert" ~cpu:true 1. "s" "nx" ~python:"python" ~cp:"cp" ();
  row "convert, casts in a second domain" "convert" ~cpu:true 1. "s" "nx-2" ();
  row "convert with nx-dtype (synced)" "convert" ~cpu:true 1. "s" "nx-dtype" ~python:"python"
    ~cp:"cp-sync" ();
  row "nx-dtype into .npz / np.savez" "npz" ~cpu:true 1. "s" "nx-dtype" ~python:"python" ();
  row "nx-dtype --compress / np.savez_compressed (43 MB)" "npz-deflated" ~cpu:true 1. "s"
    "nx-dtype" ~python:"python" ();
  row "read whole (read_file; map and copy; cat)" "read" 1. "s" "nx-read" ~python:"nx-map-copy"
    ~cp:"cat" ();
  let rd = get "nx-read" "read" in
  let floor =
    match (get "cat" "read", get "touch" "read") with
    | Some (b, w, c), Some (_, w', c') -> Some (b, w +. w', c +. c')
    | _ -> None
  in
  Printf.printf
    "\nread_file: / cat %s, / (map and copy) %s, / (cat + touching new memory: %s) %s\n"
    (ratio rd (get "cat" "read")) (ratio rd (get "nx-map-copy" "read"))
    (cell 1. "s" floor) (ratio rd floor);
  let nx = get "nx" "convert" and cp = get "cp" "convert" and py = get "python" "convert" in
  let tool = get "nx-dtype" "convert" and cp_sync = get "cp-sync" "convert" in
  Printf.printf
    "\nconvert: nx_array / cp %s (CPU %s), with a second domain %s; Python / nx_array %s (CPU %s)\n"
    (ratio nx cp) (ratio ~cpu:true nx cp) (ratio (get "nx-2" "convert") cp) (ratio py nx)
    (ratio ~cpu:true py nx);
  if tool <> None then
    Printf.printf "nx-dtype convert: / cp %s, / (cp then sync) %s; Python / nx-dtype %s\n"
      (ratio tool cp) (ratio tool cp_sync) (ratio py tool)

let () =
  let rounds = Option.fold ~none:3 ~some:int_of_string (Sys.getenv_opt "BENCH_ROUNDS") in
  let own_dir, dir =
    match Sys.getenv_opt "BENCH_SAFETENSORS_DIR" with
    | Some d -> (false, d)
    | None -> (true, Filename.temp_dir "nx-bench-safetensors" "")
  in
  let script = Filename.concat (Sys.getcwd ()) "test/bench/bench_safetensors.py" in
  let python =
    if Sys.file_exists script
       && Sys.command "python3 -c 'import safetensors, numpy, ml_dtypes' 2>/dev/null" = 0
    then Some script
    else (
      prerr_endline "bench_safetensors: no python3 with safetensors, numpy, ml_dtypes: no Python";
      None)
  in
  let src = Filename.concat dir "model.safetensors" in
  let t, _, () = timed (fun () -> generate src) in
  let bytes = file_size src and header = S.data_start (ok (S.map_file src)) - 8 in
  Printf.eprintf "bench_safetensors: %s, %d bytes, written in %.2f s\n%!" src bytes t;
  run (Printf.sprintf "cat %s > /dev/null" (Filename.quote src));
  let tool =
    if Array.length Sys.argv > 2 then Some (Filename.concat (Sys.getcwd ()) Sys.argv.(2)) else None
  in
  for _ = 1 to rounds do round ~dir ~src ~python ~tool done;
  Option.iter
    (fun path ->
      Out_channel.with_open_bin path (fun oc ->
          Printf.fprintf oc "impl,case,bytes,seconds,cpu_seconds\n";
          Hashtbl.iter
            (fun (impl, case) (b, w, c) -> Printf.fprintf oc "%s,%s,%d,%.9g,%.9g\n" impl case b w c)
            best))
    (if Array.length Sys.argv > 1 then Some Sys.argv.(1) else None);
  report ~bytes ~header ~rounds;
  if own_dir then run (Printf.sprintf "rm -rf %s" (Filename.quote dir))
