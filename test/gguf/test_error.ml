(* Quant_error against numpy and Python (gen_error.py wrote the files and
   error_expected.txt): every number exactly, its float64 sums being in
   the same order; then the definitions (nearest rank, SQNR's limits,
   the bins) and the radix selection against a sort. *)

open Nx_array
open Check
module Q = Quant_error

let exact what want got = eq ~equal:same_float ~pp:pp_hex what want got

let fields l = String.split_on_char '\t' l

let ok = function Ok v -> v | Error m -> failwith m

let from_files () =
  let st = ok (Safetensors.map_file "error_original.safetensors") in
  let g = ok (Gguf.map_file "error_quantized.gguf") in
  let pair name () =
    Q.Pair (ok (Safetensors.get_as Dtype.Float64 st name), ok (Gguf.get_as Dtype.Float32 g name))
  in
  let lines = In_channel.with_open_text "error_expected.txt" In_channel.input_all in
  let lines = List.filter (( <> ) "") (String.split_on_char '\n' lines) in
  let rows = ref [] in
  List.iter
    (fun l ->
      match fields l with
      | "tensor" :: name :: ty :: count :: bpw :: nums ->
          let (Q.Pair (x, y)) = pair name () in
          let s = Q.of_arrays x y in
          rows := (name, s) :: !rows;
          let t = Option.get (Gguf.ggml_type_of_name ty) in
          check ((Option.get (Gguf.find_info g name)).ggml_type.type_name = ty) "%s: type" name;
          check (s.count = int_of_string count) "%s: count" name;
          exact (name ^ ": bpw") (float_of_string bpw) (Q.bits_per_weight t);
          List.iter2
            (fun (what, got) want -> exact (name ^ ": " ^ what) (float_of_string want) got)
            [ ("signal", s.signal); ("noise", s.noise); ("rmse", s.rmse); ("max", s.max_abs);
              ("p95", s.p95); ("sqnr", s.sqnr_db) ]
            nums
      | "hist" :: name :: counts ->
          let s = List.assoc name !rows in
          check
            (Array.to_list s.histogram = List.map int_of_string counts)
            "%s: histogram" name
      | [ "total"; count; signal; noise; rmse; mx; p95; sqnr ] ->
          let ts = List.rev_map snd !rows in
          let names = List.rev_map fst !rows in
          let s = Q.sum ts in
          check (s.count = int_of_string count) "total: count";
          check (Float.is_nan s.p95) "total: sum's p95 is NaN";
          List.iter2
            (fun (what, got) want -> exact ("total: " ^ what) (float_of_string want) got)
            [ ("signal", s.signal); ("noise", s.noise); ("rmse", s.rmse); ("max", s.max_abs);
              ("sqnr", s.sqnr_db) ]
            [ signal; noise; rmse; mx; sqnr ];
          let loads = List.map pair names in
          exact "total: p95" (float_of_string p95) (Q.errors_percentile 95. loads);
          exact "total: p95, count given" (float_of_string p95)
            (Q.errors_percentile ~count:s.count 95. loads)
      | _ -> check false "error_expected.txt: line %S" l)
    lines;
  check (List.length !rows = 7) "7 tensors"

let definitions () =
  let f = Array.map float_of_int in
  let one_to n = f (Array.init n (fun i -> i + 1)) in
  (* Nearest rank: k = ceil (p n / 100). *)
  exact "p95 of 1..20" 19. (Q.percentile 95. (one_to 20));
  exact "p95 of 1..10" 10. (Q.percentile 95. (one_to 10));
  exact "p95 of 1..100" 95. (Q.percentile 95. (one_to 100));
  exact "p95 of 1..101" 96. (Q.percentile 95. (one_to 101));
  exact "p50 of 1..4" 2. (Q.percentile 50. (one_to 4));
  exact "p0 of 3..1" 1. (Q.percentile 0. [| 3.; 2.; 1. |]);
  exact "p100" 3. (Q.percentile 100. [| 3.; 2.; 1. |]);
  exact "p95 of one" 7. (Q.percentile 95. [| 7. |]);
  check (Float.is_nan (Q.percentile 95. [||])) "p95 of none";
  check (Float.is_nan (Q.percentile 95. [| Float.nan; 1. |])) "NaN above";
  exact "NaN above, p50" 1. (Q.percentile 50. [| Float.nan; 1. |]);
  raises_invalid_arg ~name:"p 101" (fun () -> Q.percentile 101. [| 1. |]);
  raises_invalid_arg ~name:"p -1" (fun () -> Q.percentile (-1.) [| 1. |]);
  raises_invalid_arg ~name:"p nan" (fun () -> Q.percentile Float.nan [| 1. |]);
  (* SQNR's limits. *)
  exact "sqnr 0 noise" infinity (Q.sqnr_db ~signal:1. ~noise:0.);
  exact "sqnr 0 noise 0 signal" infinity (Q.sqnr_db ~signal:0. ~noise:0.);
  exact "sqnr 0 signal" neg_infinity (Q.sqnr_db ~signal:0. ~noise:1.);
  exact "sqnr 100" 20. (Q.sqnr_db ~signal:100. ~noise:1.);
  (* quantize-stats' bins. *)
  List.iter
    (fun (e, b) -> check (Q.bin e = b) "bin %h: %d, not %d" e (Q.bin e) b)
    [ (0., 0); (-0., 0); (0.0002, 1); (-0.001, 5); (0.0004, 2); (0.0298, 149); (0.03, 149);
      (1e300, 149); (infinity, 149); (Float.nan, 149) ];
  check (Q.bins = 150) "150 bins";
  exact "bin width" (0.03 /. 150.) Q.bin_width;
  check (Float.abs (Q.bin_width -. 0.0002) < 1e-19) "bin width: 0.0002";
  let t n = Option.get (Gguf.ggml_type_of_name n) in
  exact "bpw Q4_K" 4.5 (Q.bits_per_weight (t "Q4_K"));
  exact "bpw Q6_K" 6.5625 (Q.bits_per_weight (t "Q6_K"));
  exact "bpw F16" 16. (Q.bits_per_weight (t "F16"));
  (* An array of no values; of a NaN. *)
  let a l = Nx_array.of_array Dtype.Float32 [| List.length l |] (Array.of_list l) in
  let s = Q.of_arrays (a []) (a []) in
  check (s.count = 0 && Float.is_nan s.rmse && Float.is_nan s.p95 && s.max_abs = 0.) "empty";
  let s = Q.of_arrays (a [ 1.; Float.nan; 2. ]) (a [ 1.; 0.; 2.5 ]) in
  check (Float.is_nan s.rmse && Float.is_nan s.max_abs && Float.is_nan s.sqnr_db) "a NaN";
  check (s.histogram.(149) = 2 && s.histogram.(0) = 1) "a NaN and 0.5: the last bin";
  exact "a NaN: p50" 0.5 (Q.errors_percentile 50. [ (fun () -> Q.Pair (a [ 1.; Float.nan; 2. ], a [ 1.; 0.; 2.5 ])) ]);
  raises_invalid_arg ~name:"sizes" (fun () -> Q.of_arrays (a [ 1. ]) (a [ 1.; 2. ]))

(* The selection, at every level (few distinct values among many, so
   that a bucket of 16 bits keeps more than 65,536), against a sort. *)
let selection () =
  Random.init 5;
  let cases =
    [ ("distinct", 200_000, fun () -> Random.float 1.);
      ("four values", 150_000, fun () -> float_of_int (Random.int 4) *. 0.25);
      ("near values", 140_000, fun () -> 1. +. (float_of_int (Random.int 3) *. epsilon_float));
      ("one value", 70_000, fun () -> 0.5) ]
  in
  List.iter
    (fun (what, n, gen) ->
      let xs = Array.init n (fun _ -> gen ()) in
      let x = Nx_array.of_array Dtype.Float64 [| n |] xs in
      let y = Nx_array.of_array Dtype.Float64 [| n |] (Array.make n 0.) in
      List.iter
        (fun p ->
          exact
            (Printf.sprintf "%s: p%g" what p)
            (Q.percentile p xs)
            (Q.errors_percentile p [ (fun () -> Q.Pair (x, y)) ]))
        [ 0.; 1.; 50.; 95.; 99.9; 100. ])
    cases

let () =
  from_files ();
  definitions ();
  selection ();
  finish "test_error"
