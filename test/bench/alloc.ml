(* The allocating calls of `make bench`: every function that returns new
   storage, for the hot pairs, beside what a user would call instead
   (numpy's and ml_dtypes' astype come from bench_numpy.py) and the floors
   of this machine:
   - "create-blit": Bigarray.Genarray.create and blit of the destination's
     bytes, the least a new bigarray of them costs in OCaml;
   - "bytes-blit": Bytes.create and blit, the same for strings;
   - "fault-floor": a fresh buffer of the destination's size, advised for
     huge pages as nx_array's are, touched once (a fill): what the
     system's page faults alone cost.
   Rows are "alloc:<function>:<pair>". *)

open Nx_array
module A1 = Bigarray.Array1
module G = Bigarray.Genarray

let time = Timing.time
let row = Timing.row
let keep x = ignore (Sys.opaque_identity x)

(* The floors for a destination of [bytes] bytes, under [case]. *)
let floors case n bytes =
  let src = A1.create Bigarray.char Bigarray.c_layout bytes in
  A1.fill src 'x';
  row "create-blit" case n
    (time (fun () ->
         let d = A1.create Bigarray.char Bigarray.c_layout bytes in
         A1.blit src d;
         keep d));
  row "fault-floor" case n
    (time (fun () ->
         let d = buffer (create Dtype.Uint8 [| bytes |]) in
         A1.fill d 'y';
         keep d))

let string_floor case n bytes =
  let s = String.make bytes 'x' in
  row "bytes-blit" case n
    (time (fun () ->
         let b = Bytes.create bytes in
         Bytes.blit_string s 0 b 0 bytes;
         keep b))

let rows n =
  let f64 =
    G.init Bigarray.float64 Bigarray.c_layout [| n |] (fun i ->
        let x = float ((i.(0) * 7919) mod 10007) /. 10007. in
        (x -. 0.5) *. 4.)
  in
  let f32 = G.init Bigarray.float32 Bigarray.c_layout [| n |] (fun i -> G.get f64 i) in
  let f32n = of_bigarray Dtype.Float32 f32 and f64n = of_bigarray Dtype.Float64 f64 in
  let nx case f = row "nx" ("alloc:" ^ case) n (time (fun () -> keep (f ()))) in
  let pair (type v s) (dt : (v, s) Dtype.t) =
    let name = Dtype.name dt in
    let small = cast dt f32n in
    let into = "float32->" ^ name and back = name ^ "->float32" in
    nx ("cast:" ^ into) (fun () -> cast dt f32n);
    nx ("of_bigarray:" ^ into) (fun () -> of_bigarray dt f32);
    floors ("alloc:cast:" ^ into) n (nbytes_of small);
    nx ("cast:" ^ back) (fun () -> cast Dtype.Float32 small);
    floors ("alloc:cast:" ^ back) n (4 * n);
    nx ("to_bigarray:" ^ back) (fun () -> to_bigarray Bigarray.float32 small);
    floors ("alloc:to_bigarray:" ^ back) n (4 * n)
  in
  pair Dtype.Bfloat16;
  pair Dtype.Float16;
  pair Dtype.Float8_e4m3fn;
  pair Dtype.Float8_e5m2;
  pair Dtype.Float4_e2m1fn;
  pair Dtype.Int4;
  nx "cast:float64->bfloat16" (fun () -> cast Dtype.Bfloat16 f64n);
  nx "of_bigarray:float64->bfloat16" (fun () -> of_bigarray Dtype.Bfloat16 f64);
  floors "alloc:cast:float64->bfloat16" n (2 * n);
  nx "cast:float64->float16" (fun () -> cast Dtype.Float16 f64n);
  floors "alloc:cast:float64->float16" n (2 * n);
  (* Whole arrays of one dtype. *)
  let bf = cast Dtype.Bfloat16 f32n in
  nx "copy:bfloat16" (fun () -> copy bf);
  floors "alloc:copy:bfloat16" n (2 * n);
  nx "create:float32" (fun () -> create Dtype.Float32 [| n |]);
  floors "alloc:create:float32" n (4 * n);
  let s = to_string bf in
  nx "of_string:bfloat16" (fun () -> of_string Dtype.Bfloat16 [| n |] s);
  floors "alloc:of_string:bfloat16" n (2 * n);
  nx "to_string:bfloat16" (fun () -> to_string bf);
  string_floor "alloc:to_string:bfloat16" n (2 * n);
  (* OCaml arrays go element by element: up to 1e7 elements. *)
  if n <= 10_000_000 then begin
    let a = to_array f32n in
    nx "of_array:float32" (fun () -> of_array Dtype.Float32 [| n |] a);
    nx "to_array:float32" (fun () -> to_array f32n);
    row "array-copy" "alloc:to_array:float32" n (time (fun () -> keep (Array.copy a)))
  end
